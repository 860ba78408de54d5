import { DEFAULT_REQUIRED_SHOTS, REQUIRED_SHOTS_TEXT } from '@contracts/required-shots';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeVin } from '../../../test/factories';
import { uploadPhoto, uploadVideo } from '../../../test/tus-uploads';
import { withApp } from '../../../test/with-app';
import { auditLog } from '../../db/schema';

/**
 * Required shots (issue #34): admins choose which guided shots the wizard requires; a vehicle from
 * the wizard names each required shot it skipped and why, and one that forgets a shot is refused.
 */
const ctx = withApp({ signIn: ['admin', 'staff'] });

const readSetting = (cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/required-shots', headers: { cookie } });
const putSetting = (cookie: string, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/required-shots',
    headers: { cookie },
    payload: payload as object,
  });
const createVehicle = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/vehicles', headers: { cookie: ctx.staff }, payload });

/** Every required shot skipped, each for the same reason. */
const skipAll = (kinds: readonly string[], reason = 'no_access') => kinds.map((kind) => ({ kind, reason }));

describe('the required shots setting', () => {
  it('is the eight exterior shots, the odometer and the VIN plate until an admin changes it', async () => {
    for (const cookie of [ctx.staff, ctx.admin]) {
      const res = await readSetting(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ required: [...DEFAULT_REQUIRED_SHOTS], updatedAt: null });
    }
    expect(DEFAULT_REQUIRED_SHOTS).toHaveLength(10);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/required-shots' })).statusCode).toBe(401);
  });

  it('is changed by an admin only, kept in shot-list order and audited', async () => {
    expect((await putSetting(ctx.staff, { required: ['front'] })).statusCode).toBe(403);
    const res = await putSetting(ctx.admin, { required: ['vin_plate', 'front', 'engine_bay'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().required).toEqual(['front', 'engine_bay', 'vin_plate']);
    expect(res.json().updatedAt).toEqual(expect.any(String));
    expect((await readSetting(ctx.staff)).json().required).toEqual(['front', 'engine_bay', 'vin_plate']);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'setting'), eq(auditLog.action, 'required_shots_changed')));
    expect(audit?.actorType).toBe('admin');
    expect(audit?.before).toEqual({ required: [...DEFAULT_REQUIRED_SHOTS] });
    expect(audit?.after).toEqual({ required: ['front', 'engine_bay', 'vin_plate'] });
    // Nothing required at all is a choice too.
    expect((await putSetting(ctx.admin, { required: [] })).json().required).toEqual([]);
    expect((await putSetting(ctx.admin, { required: [...DEFAULT_REQUIRED_SHOTS] })).statusCode).toBe(200);
  });

  it('refuses an unknown shot kind or one listed twice, in words', async () => {
    const unknown = await putSetting(ctx.admin, { required: ['front', 'odometer'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(REQUIRED_SHOTS_TEXT.unknownKind('odometer'));
    expect(unknown.json().message).toContain('dashboard');
    const twice = await putSetting(ctx.admin, { required: ['front', 'front'] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('The shot Front is listed twice');
    expect((await putSetting(ctx.admin, { required: 'front' })).statusCode).toBe(400);
    expect((await readSetting(ctx.admin)).json().required).toEqual([...DEFAULT_REQUIRED_SHOTS]);
  });
});

describe('a vehicle judged on its shots', () => {
  it('is refused when a required shot is neither photographed nor skipped, naming the shot', async () => {
    const skipped = skipAll(DEFAULT_REQUIRED_SHOTS.filter((k) => k !== 'dashboard' && k !== 'vin_plate'));
    const res = await createVehicle({
      vin: makeVin(),
      videos: [await uploadVideo(ctx.app, ctx.staff)],
      skippedShots: skipped,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Required shots missing: Dashboard with odometer, VIN plate / door jamb. Take them or skip with a reason.',
    );
  });

  it('keeps the photos and the skipped shots with their reasons, shown to the admin', async () => {
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#357' } })
      .jpeg()
      .toBuffer();
    const photoKinds = DEFAULT_REQUIRED_SHOTS.filter((k) => k !== 'dashboard' && k !== 'vin_plate');
    const photos = [];
    for (const kind of photoKinds) photos.push({ id: await uploadPhoto(ctx.app, ctx.staff, jpeg), kind });
    const res = await createVehicle({
      vin: makeVin(),
      videos: [await uploadVideo(ctx.app, ctx.staff)],
      photos,
      skippedShots: [
        { kind: 'vin_plate', reason: 'other', note: '  plate painted over ' },
        { kind: 'dashboard', reason: 'no_access', note: 'ignored unless Other' },
        // Skipped, then taken after all: the photo wins.
        { kind: 'front', reason: 'not_applicable' },
      ],
      requiredShots: [...DEFAULT_REQUIRED_SHOTS],
    });
    expect(res.statusCode).toBe(201);
    const expected = [
      { kind: 'dashboard', reason: 'no_access', note: null },
      { kind: 'vin_plate', reason: 'other', note: 'plate painted over' },
    ];
    expect(res.json().skippedShots).toEqual(expected);
    const id = res.json().id as number;
    const admin = await ctx.call('GET', `/api/vehicles/${id}`);
    expect(admin.json().skippedShots).toEqual(expected);
    const listed = (await ctx.call('GET', '/api/vehicles')).json() as { id: number; skippedShots: unknown }[];
    expect(listed.find((v) => v.id === id)?.skippedShots).toEqual(expected);
    // The upload's audit entry keeps them too.
    const [upload] = await ctx.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'vehicle'), eq(auditLog.entityId, id), eq(auditLog.action, 'uploaded')));
    expect((upload?.after as { skippedShots?: unknown } | undefined)?.skippedShots).toEqual(expected);
  });

  it('refuses a skip without a reason, or "Other" without a note, in words', async () => {
    const video = await uploadVideo(ctx.app, ctx.staff);
    const noReason = await createVehicle({
      vin: makeVin(),
      videos: [video],
      skippedShots: [{ kind: 'front' }],
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(
      'Choose a reason: Not applicable to this vehicle, Part missing or damaged, Could not access, Other',
    );
    const otherBlank = await createVehicle({
      vin: makeVin(),
      videos: [video],
      skippedShots: [{ kind: 'front', reason: 'other', note: '   ' }],
    });
    expect(otherBlank.statusCode).toBe(400);
    expect(otherBlank.json().message).toBe(REQUIRED_SHOTS_TEXT.noteRequired);
    const unknown = await createVehicle({
      vin: makeVin(),
      videos: [video],
      skippedShots: [{ kind: 'odometer', reason: 'no_access' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(REQUIRED_SHOTS_TEXT.unknownKind('odometer'));
  });

  it('keeps a car captured under an older list, recording what was not required then', async () => {
    // The wizard read a list without the VIN plate (offline since); an admin has required it since.
    const atCapture = DEFAULT_REQUIRED_SHOTS.filter((k) => k !== 'vin_plate');
    const res = await createVehicle({
      vin: makeVin(),
      videos: [await uploadVideo(ctx.app, ctx.staff)],
      skippedShots: skipAll(atCapture, 'part_missing'),
      requiredShots: atCapture,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().skippedShots.at(-1)).toEqual({
      kind: 'vin_plate',
      reason: 'not_required_at_capture',
      note: null,
    });
    expect(res.json().skippedShots).toHaveLength(10);
    // A shot the wizard itself required is never excused that way.
    const own = await createVehicle({
      vin: makeVin(),
      videos: [await uploadVideo(ctx.app, ctx.staff)],
      skippedShots: skipAll(atCapture.filter((k) => k !== 'front')),
      requiredShots: atCapture,
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('Required shot missing: Front. Take it or skip with a reason.');
  });

  it('does not judge a body that sends no skipped list (older clients, scripts)', async () => {
    const res = await createVehicle({ vin: makeVin(), videos: [await uploadVideo(ctx.app, ctx.staff)] });
    expect(res.statusCode).toBe(201);
    expect(res.json().skippedShots).toEqual([]);
  });
});
