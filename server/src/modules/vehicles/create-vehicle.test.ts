import { ADMIN_TEXT } from '@contracts/admin';
import { UPLOAD_TEXT } from '@contracts/upload';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../db/schema';

/**
 * POST /api/vehicles from the staff wizard: the mileage staff typed, and a VIN whose check digit
 * does not match — refused in words, accepted with a reason that the upload's audit entry keeps.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let staff: string;
beforeAll(async () => {
  ctx = await createTestApp({ env: { UPLOAD_PASSWORD: 'lot-password' } });
  staff = await signIn(ctx.app, 'staff', { password: 'lot-password' });
});
afterAll(() => ctx.close());

/** A structurally real MP4 (ftyp isom, moov, mdat) sent through the tus endpoint: the walkaround's URL. */
async function uploadedVideo() {
  const ftyp = Buffer.from([
    0,
    0,
    0,
    0x18,
    ...Buffer.from('ftypisom'),
    0,
    0,
    2,
    0,
    ...Buffer.from('isomiso2'),
  ]);
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(4000, 0);
  mdat.write('mdat', 4, 'latin1');
  const video = Buffer.concat([
    ftyp,
    Buffer.from([0, 0, 0, 8, ...Buffer.from('moov')]),
    mdat,
    Buffer.alloc(3992, 7),
  ]);
  const name = (s: string) => Buffer.from(s).toString('base64');
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      'tus-resumable': '1.0.0',
      cookie: staff,
      'upload-length': String(video.length),
      'upload-metadata': `filename ${name('walk.mp4')},filetype ${name('video/mp4')}`,
    },
  });
  expect(created.statusCode).toBe(201);
  const location = created.headers.location as string;
  const sent = await ctx.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      'tus-resumable': '1.0.0',
      cookie: staff,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: video,
  });
  expect(sent.statusCode).toBe(204);
  return `/media/uploads/${location.split('/').pop()}.mp4`;
}

const create = (body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/vehicles', payload: body, headers: { cookie: staff } });

const uploadAudit = async (id: number) =>
  (
    await ctx.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'vehicle'), eq(auditLog.entityId, id), eq(auditLog.action, 'uploaded')))
  )[0]?.after as Record<string, unknown> | undefined;

describe('creating a vehicle with what the wizard knows', () => {
  it('writes the mileage staff typed, and refuses one the admin would refuse, in the same words', async () => {
    const res = await create({ vin: '1G4AH59H45G118341', videos: [await uploadedVideo()], mileage: 48_210 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ vin: '1G4AH59H45G118341', mileage: 48_210, inQueue: true });
    expect(await uploadAudit(res.json().id)).toMatchObject({ mileage: 48_210 });

    for (const mileage of [-1, 12.5, 2_000_001, 'about 12k']) {
      const refused = await create({ vin: '1FTFW1ET9DFC10312', videos: [await uploadedVideo()], mileage });
      expect(refused.statusCode, String(mileage)).toBe(400);
      expect(refused.json().message).toBe(ADMIN_TEXT.invalidMileage);
    }
    // Without a mileage the admin enters it on completion, as before.
    const without = await create({ vin: '1FTFW1ET9DFC10312', videos: [await uploadedVideo()] });
    expect(without.statusCode).toBe(201);
    expect(without.json().mileage).toBeNull();
  });

  it('refuses a VIN whose check digit does not match unless staff say why, and records the reason', async () => {
    const wrong = '2T1BURHE1JC043821';
    const refused = await create({ vin: wrong, videos: [await uploadedVideo()] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(UPLOAD_TEXT.checkDigitRefused);
    const unknownReason = await create({
      vin: wrong,
      videos: [await uploadedVideo()],
      vinCheckDigitOverride: 'looks-fine',
    });
    expect(unknownReason.statusCode).toBe(400);

    const accepted = await create({
      vin: wrong.toLowerCase(),
      videos: [await uploadedVideo()],
      vinCheckDigitOverride: 'non-north-american',
    });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ vin: wrong, status: 'pending', inQueue: true });
    expect(await uploadAudit(accepted.json().id)).toMatchObject({
      vin: wrong,
      vinCheckDigitOverride: 'non-north-american',
    });
    // A right check digit needs no reason, and none is recorded.
    const right = await create({ vin: '2T1BURHEXJC043821', videos: [await uploadedVideo()] });
    expect(right.statusCode).toBe(201);
    expect(await uploadAudit(right.json().id)).not.toHaveProperty('vinCheckDigitOverride');
  });
});
