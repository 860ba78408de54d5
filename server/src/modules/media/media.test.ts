import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { cloudinarySignature } from './cloudinary';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let staff: string;

beforeAll(async () => {
  ctx = await createTestApp({ env: { UPLOAD_PASSWORD: 'lot-password' } });
  staff = await signIn(ctx.app, 'staff', { password: 'lot-password' });
});
afterAll(() => ctx.close());

/** A structurally real MP4: an ftyp box (brand isom), an empty moov box, and an mdat payload. */
function mp4(size: number) {
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
  const moov = Buffer.from([0, 0, 0, 8, ...Buffer.from('moov')]);
  const mdatHeader = Buffer.alloc(8);
  mdatHeader.writeUInt32BE(size - ftyp.length - moov.length, 0);
  mdatHeader.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, moov, mdatHeader, Buffer.alloc(size - ftyp.length - moov.length - 8, 7)]);
}

const tus = (
  method: 'POST' | 'PATCH' | 'HEAD',
  url: string,
  headers: Record<string, string>,
  payload?: Buffer,
  cookie = staff,
) =>
  ctx.app.inject({
    method,
    url,
    headers: { 'tus-resumable': '1.0.0', cookie, ...headers },
    ...(payload ? { payload } : {}),
  });
const metadata = (name: string, type: string) =>
  `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from(type).toString('base64')}`;

async function createUpload(size: number) {
  const res = await tus('POST', '/api/uploads', {
    'upload-length': String(size),
    'upload-metadata': metadata('walk.mp4', 'video/mp4'),
  });
  expect(res.statusCode).toBe(201);
  return res.headers.location as string;
}
const patch = (location: string, offset: number, chunk: Buffer) =>
  tus(
    'PATCH',
    location,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    chunk,
  );

describe('local resumable uploads (tus)', () => {
  it('resumes an interrupted upload from the server offset and serves the video with ranges', async () => {
    const video = mp4(300_000);
    const location = await createUpload(video.length);
    expect(location).toMatch(/^\/api\/uploads\/[a-f0-9]{32}$/);
    expect((await patch(location, 0, video.subarray(0, 120_000))).statusCode).toBe(204);
    // The connection dropped: the client asks where to continue.
    const head = await tus('HEAD', location, {});
    expect(head.headers['upload-offset']).toBe('120000');
    const done = await patch(location, 120_000, video.subarray(120_000));
    expect(done.statusCode).toBe(204);

    const id = location.split('/').pop()!;
    const result = await ctx.app.inject({ url: `/api/upload-results/${id}`, headers: { cookie: staff } });
    expect(result.json()).toMatchObject({ url: `/media/uploads/${id}.mp4` });
    const ranged = await ctx.app.inject({
      url: `/media/uploads/${id}.mp4`,
      headers: { range: 'bytes=0-99' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-type']).toBe('video/mp4');
    expect(ranged.rawPayload.equals(video.subarray(0, 100))).toBe(true);
  });

  it('answers a retried finish as the first: the same video, accepted once', async () => {
    const video = mp4(50_000);
    const location = await createUpload(video.length);
    expect((await patch(location, 0, video)).statusCode).toBe(204);
    const id = location.split('/').pop()!;
    const result = () => ctx.app.inject({ url: `/api/upload-results/${id}`, headers: { cookie: staff } });
    const first = (await result()).json();
    // The phone lost the answer and finishes again: the last, empty PATCH at the end.
    const again = await patch(location, video.length, Buffer.alloc(0));
    expect(again.statusCode, again.body).toBe(204);
    expect((await result()).json()).toEqual(first);
    expect(first).toMatchObject({ url: `/media/uploads/${id}.mp4` });
  });

  it('refuses a file whose bytes are not a video, whatever its name, and deletes it', async () => {
    const fake = Buffer.concat([Buffer.from('MZ\x90\x00 this is a renamed exe'), Buffer.alloc(500)]);
    const location = await createUpload(fake.length);
    const res = await patch(location, 0, fake);
    expect(res.statusCode).toBe(415);
    expect(JSON.parse(res.body).message).toBe('Invalid video type');
    const id = location.split('/').pop()!;
    expect(
      (await ctx.app.inject({ url: `/api/upload-results/${id}`, headers: { cookie: staff } })).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject(`/media/uploads/${id}`)).statusCode).toBe(404);
    expect((await ctx.app.inject(`/media/uploads/${id}.mp4`)).statusCode).toBe(404);
  });

  it('serves a video from this disk as a static file server would: HEAD, suffix ranges, 416, 304', async () => {
    const video = mp4(40_000);
    const location = await createUpload(video.length);
    expect((await patch(location, 0, video)).statusCode).toBe(204);
    const url = `/media/uploads/${location.split('/').pop()}.mp4`;

    const head = await ctx.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(video.length));
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(head.rawPayload.length).toBe(0);

    const tail = await ctx.app.inject({ url, headers: { range: 'bytes=-100' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(
      `bytes ${video.length - 100}-${video.length - 1}/${video.length}`,
    );
    expect(tail.rawPayload.equals(video.subarray(video.length - 100))).toBe(true);

    const rest = await ctx.app.inject({ url, headers: { range: `bytes=${video.length - 10}-` } });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);

    const past = await ctx.app.inject({ url, headers: { range: `bytes=${video.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${video.length}`);

    const whole = await ctx.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(video)).toBe(true);
    const again = await ctx.app.inject({ url, headers: { 'if-none-match': whole.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('refuses 200 MB or more before anything is sent, and anonymous uploads', async () => {
    const big = await tus('POST', '/api/uploads', {
      'upload-length': String(200 * 1024 * 1024),
      'upload-metadata': metadata('a.mp4', 'video/mp4'),
    });
    expect(big.statusCode).toBe(413);
    const anonymous = await tus('POST', '/api/uploads', { 'upload-length': '10' }, undefined, '');
    expect(anonymous.statusCode).toBe(401);
    expect((await ctx.app.inject('/media/uploads/../../etc/passwd')).statusCode).toBe(404);
  });
});

describe('creating a vehicle from the wizard', () => {
  async function uploadedVideo() {
    const video = mp4(50_000);
    const location = await createUpload(video.length);
    await patch(location, 0, video);
    return `/media/uploads/${location.split('/').pop()}.mp4`;
  }
  const create = (body: Record<string, unknown>, key?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      payload: body,
      headers: { cookie: staff, ...(key ? { 'idempotency-key': key } : {}) },
    });

  it('creates a queued vehicle once per idempotency key, decoding the VIN offline when NHTSA is down', async () => {
    const url = await uploadedVideo();
    const body = { vin: '1hgcm82633a004352', videos: [url], videoThumbnails: [] };
    const first = await create(body, 'wizard-key-0001');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      vin: '1HGCM82633A004352',
      status: 'pending',
      inQueue: true,
      year: 2003,
      make: 'Honda',
      videos: [url],
    });
    // Uploaded by the lot's shared staff sign-in, not listed yet (insights by uploader, docs/design.md §16).
    const row = await ctx.db.query.vehicles.findFirst({ where: (v, { eq }) => eq(v.id, first.json().id) });
    expect(row).toMatchObject({ uploadedBy: 'staff', listedAt: null });
    const retry = await create(body, 'wizard-key-0001');
    expect(retry.json().id).toBe(first.json().id);
    // The key belongs to that request: another body with it is refused, not answered with this vehicle.
    const otherBody = await create({ ...body, vin: '1G4AH59H45G118341' }, 'wizard-key-0001');
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.body).not.toContain('1HGCM82633A004352');
    const again = await create(body, 'wizard-key-0002');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `This VIN is already in the review queue (vehicle #${first.json().id})`,
    );
  });

  it('refuses a vehicle without an uploaded video, with a bad VIN, or with extra fields', async () => {
    const noVideo = await create({ vin: '1G4AH59H45G118341', videos: [] });
    expect(noVideo.json().message).toBe('Please upload a walkaround video');
    const foreign = await create({ vin: '1G4AH59H45G118341', videos: ['https://evil.example/x.mp4'] });
    expect(foreign.json().message).toBe('Upload the video before creating the vehicle');
    const badVin = await create({ vin: '1G4AH59H45G11834', videos: [await uploadedVideo()] });
    expect(badVin.json().message).toBe('Please enter the full 17-character VIN');
    const withStatus = await create({
      vin: '1G4AH59H45G118341',
      videos: [await uploadedVideo()],
      status: 'active',
    });
    expect(withStatus.statusCode).toBe(400);
  });

  it('decodes a VIN for staff, and says why a malformed one is refused', async () => {
    const res = await ctx.app.inject({ url: '/api/vin/1HGCM82633A004352', headers: { cookie: staff } });
    expect(res.json()).toMatchObject({ checkDigitValid: true, year: 2003, make: 'Honda', source: 'offline' });
    const bad = await ctx.app.inject({ url: '/api/vin/1HGCM82633A00435O', headers: { cookie: staff } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid 17-digit VIN');
    expect((await ctx.app.inject('/api/vin/1HGCM82633A004352')).statusCode).toBe(401);
  });
});

describe('Cloudinary backend', () => {
  /** A fake Cloudinary upload API that verifies the signature the way Cloudinary does. */
  let fake: Server;
  let apiBase: string;
  const SECRET = 'cloudinary-secret-xyz';
  beforeAll(async () => {
    fake = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const form = await new Response(Buffer.concat(chunks), {
        headers: { 'content-type': req.headers['content-type']! },
      }).formData();
      const signed: Record<string, string> = {};
      for (const [name, value] of form.entries()) {
        if (!['file', 'cloud_name', 'resource_type', 'api_key', 'signature'].includes(name))
          signed[name] = String(value);
      }
      const ok =
        form.get('api_key') === 'key123' && form.get('signature') === cloudinarySignature(signed, SECRET);
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          ok
            ? {
                public_id: 'vehicle-videos/abc',
                resource_type: 'video',
                secure_url: 'https://res.cloudinary.com/demo-cloud/video/upload/v1/vehicle-videos/abc.mp4',
                eager: [
                  {
                    transformation: 'c_thumb,w_300,h_200',
                    secure_url: 'https://res.cloudinary.com/demo-cloud/video/upload/c_thumb/abc.jpg',
                  },
                ],
              }
            : { error: { message: 'Invalid Signature' } },
        ),
      );
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    apiBase = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

  it('signs uploads that Cloudinary accepts, and the wizard can create the vehicle from its answer', async () => {
    const cloud = await createTestApp({
      env: {
        UPLOAD_PASSWORD: 'lot-password',
        CLOUDINARY_URL: `cloudinary://key123:${SECRET}@demo-cloud`,
        CLOUDINARY_API_BASE: apiBase,
      },
    });
    try {
      const cookie = await signIn(cloud.app, 'staff', { password: 'lot-password' });
      expect(
        (await cloud.app.inject({ url: '/api/media/config', headers: { cookie } })).json(),
      ).toMatchObject({ backend: 'cloudinary', uploadUrl: null });
      const signature = (
        await cloud.app.inject({ method: 'POST', url: '/api/cloudinary-signature', headers: { cookie } })
      ).json();
      expect(signature).toMatchObject({
        api_key: 'key123',
        folder: 'vehicle-videos',
        resource_type: 'video',
        cloud_name: 'demo-cloud',
      });
      expect(JSON.stringify(signature)).not.toContain(SECRET);
      const csp = (await cloud.app.inject('/healthz')).headers['content-security-policy'] as string;
      expect(csp).toContain(`connect-src 'self' ${apiBase}`);

      const send = async (sig: string) => {
        const form = new FormData();
        form.set('file', new Blob([mp4(2000)]), 'walk.mp4');
        for (const name of ['api_key', 'timestamp', 'folder', 'eager'] as const)
          form.set(name, String(signature[name]));
        form.set('signature', sig);
        return fetch(signature.upload_url, { method: 'POST', body: form });
      };
      expect((await send('0'.repeat(40))).status).toBe(401);
      const uploaded = (await (await send(signature.signature)).json()) as {
        secure_url: string;
        eager: { secure_url: string }[];
      };
      const created = await cloud.app.inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: { cookie },
        payload: {
          vin: '1G4AH59H45G118341',
          videos: [uploaded.secure_url],
          videoThumbnails: [uploaded.eager[0]!.secure_url],
        },
      });
      expect(created.statusCode).toBe(201);
    } finally {
      await cloud.close();
    }
  });

  it('says clearly when Cloudinary is not configured', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/cloudinary-signature',
      headers: { cookie: staff },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Cloudinary is not configured/);
  });
});
