import { existsSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { migratedDataDir } from '../../../test/scratch';
import { signInStaff } from '../../../test/sessions';
import { spawnServer } from '../../../test/spawn-server';
import { createBootstrappedApp, testConfig } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { tinyMp4 } from '../../../test/tus-uploads';
import { buildApp } from '../../app';
import { ObjectStorage } from '../../lib/object-storage';
import { expireOpenUploads } from '../housekeeping/expire-open-uploads';
import { sweepBucketUploads } from '../housekeeping/sweep-bucket-uploads';

/**
 * Media on S3-compatible storage (ADR 0014) against a real S3-protocol server on 127.0.0.1
 * (s3rver): resumable video uploads through @tus/s3-store, photos processed into the bucket, both
 * streamed back to a browser-like client, and nothing written to the instance's own disk.
 * On PostgreSQL (TEST_DATABASE_URL) the tus locks are the shared advisory-lock locker.
 */
let s3: TestS3Server;
let ctx: Awaited<ReturnType<typeof createBootstrappedApp>>;
let base: string;
let staff: string;

beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await createBootstrappedApp({ env: s3.env });
  base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  staff = await signInStaff(ctx.app);
});
afterAll(async () => {
  await ctx?.close();
  await s3?.stop();
});

const tusHeaders = () => ({ 'tus-resumable': '1.0.0', cookie: staff });
const metadata = (name: string, type: string) =>
  `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from(type).toString('base64')}`;

async function create(path: string, size: number, name: string, type: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...tusHeaders(), 'upload-length': String(size), 'upload-metadata': metadata(name, type) },
  });
  expect(res.status).toBe(201);
  const location = res.headers.get('location')!;
  expect(location).toMatch(new RegExp(`^${path}/[a-f0-9]{32}$`));
  return location;
}

const patch = (location: string, offset: number, chunk: Buffer) =>
  fetch(`${base}${location}`, {
    method: 'PATCH',
    headers: {
      ...tusHeaders(),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(chunk),
  });

const offsetOf = async (location: string) => {
  const res = await fetch(`${base}${location}`, { method: 'HEAD', headers: tusHeaders() });
  expect(res.status).toBe(200);
  return Number(res.headers.get('upload-offset'));
};

/** Sends the first `sent` bytes of a PATCH announced as `chunk.length` long, then drops the connection. */
function dropMidway(location: string, offset: number, chunk: Buffer, sent: number) {
  return new Promise<void>((resolve) => {
    const req = httpRequest(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        ...tusHeaders(),
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(chunk.length),
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(chunk.subarray(0, sent), () => setTimeout(() => req.destroy(), 200));
  });
}

/** An MP4 of `size` bytes whose payload is a counting pattern, so any misplaced byte shows. */
function patternedMp4(size: number) {
  // ftyp (24 bytes), moov (8), then the mdat box's header, whose size runs to the end.
  const head = tinyMp4().subarray(0, 40);
  head.writeUInt32BE(size - 32, 32);
  const body = Buffer.alloc(size - head.length);
  for (let i = 0; i < body.length; i++) body[i] = (i * 7) % 251;
  return Buffer.concat([head, body]);
}

describe('videos on S3-compatible storage', () => {
  it('takes a video in chunks, resumes after a dropped chunk, and streams it back with ranges', async () => {
    const MB = 1024 * 1024;
    const video = patternedMp4(13 * MB + 123);
    const location = await create('/api/uploads', video.length, 'walk.mp4', 'video/mp4');
    const id = location.split('/').pop()!;

    expect((await patch(location, 0, video.subarray(0, 3 * MB))).status).toBe(204);
    expect((await patch(location, 3 * MB, video.subarray(3 * MB, 6 * MB))).status).toBe(204);
    expect(await offsetOf(location)).toBe(6 * MB);

    // The connection drops 1 MB into a 4 MB chunk; the client asks where to resume.
    await dropMidway(location, 6 * MB, video.subarray(6 * MB, 10 * MB), MB);
    const resumeAt = await offsetOf(location);
    expect(resumeAt).toBeGreaterThanOrEqual(6 * MB);
    expect(resumeAt).toBeLessThanOrEqual(7 * MB);

    const last = await patch(location, resumeAt, video.subarray(resumeAt));
    expect(last.status, await last.text()).toBe(204);
    expect(await offsetOf(location)).toBe(video.length);

    const result = await fetch(`${base}/api/upload-results/${id}`, { headers: { cookie: staff } });
    expect(result.status).toBe(200);
    const { url } = (await result.json()) as { url: string };
    expect(url).toBe(`/media/uploads/${id}.mp4`);

    // The bucket holds the whole video; a browser gets it back whole, or any range of it.
    expect((await s3.object(`video-uploads/${id}`))?.equals(video)).toBe(true);
    const whole = await fetch(`${base}${url}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);

    const ranged = await fetch(`${base}${url}`, { headers: { range: 'bytes=1000-1999' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);

    const tail = await fetch(`${base}${url}`, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(-10))).toBe(true);

    const outside = await fetch(`${base}${url}`, { headers: { range: `bytes=${video.length + 5}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${video.length}`);

    // Ranges it cannot serve as asked are answered whole or refused, never with an error.
    for (const range of [
      'bytes=abc',
      'bytes=5-2',
      'bytes=0-1,5-9',
      'items=0-5',
      'bytes=-',
      'bytes=99999999999999999999-',
    ]) {
      const odd = await fetch(`${base}${url}`, { headers: { range } });
      expect([200, 206, 416], `${range} → ${odd.status}`).toContain(odd.status);
      await odd.arrayBuffer();
    }

    const head = await fetch(`${base}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(video.length));
  }, 60_000);

  it('refuses a renamed file by its bytes and removes it from the bucket', async () => {
    const notVideo = Buffer.from('%PDF-1.7 not a video at all'.padEnd(2000, '.'));
    const location = await create('/api/uploads', notVideo.length, 'walk.mp4', 'video/mp4');
    const id = location.split('/').pop()!;
    const res = await patch(location, 0, notVideo);
    expect(res.status).toBe(415);
    expect((await s3.keys()).filter((key) => key.includes(id))).toEqual([]);
    const result = await fetch(`${base}/api/upload-results/${id}`, { headers: { cookie: staff } });
    expect(result.status).toBe(404);
    expect((await fetch(`${base}/media/uploads/${id}.mp4`)).status).toBe(404);
  });
});

describe('a video checked in the bucket (issue #43)', () => {
  it('walks the container with ranged reads: a header then 10 MB of zeros is refused and removed', async () => {
    const padded = Buffer.concat([tinyMp4().subarray(0, 32), Buffer.alloc(10 * 1024 * 1024)]);
    const location = await create('/api/uploads', padded.length, 'walk.mp4', 'video/mp4');
    const id = location.split('/').pop()!;
    expect((await patch(location, 0, padded.subarray(0, 6 * 1024 * 1024))).status).toBe(204);
    const res = await patch(location, 6 * 1024 * 1024, padded.subarray(6 * 1024 * 1024));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /damaged or incomplete and was not kept/,
    );
    expect((await s3.keys()).filter((key) => key.includes(id))).toEqual([]);
    expect((await fetch(`${base}/api/upload-results/${id}`, { headers: { cookie: staff } })).status).toBe(
      404,
    );
  });

  it('deletes an expired unfinished upload from the bucket, aborting its multipart upload', async () => {
    const MB = 1024 * 1024;
    const video = patternedMp4(12 * MB);
    const location = await create('/api/uploads', video.length, 'c.mp4', 'video/mp4');
    expect((await patch(location, 0, video.subarray(0, 6 * MB))).status).toBe(204);
    const id = location.split('/').pop()!;
    const storage = await ObjectStorage.create(ctx.config.objectStorage!);
    expect(await storage.openMultipartUpload(`video-uploads/${id}`)).not.toBeNull();
    await ctx.db.execute(
      sql`update open_uploads set expires_at = now() - interval '1 second' where id = ${id}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    // An expiry of 10 ms: its last part, written a moment ago, is older than that.
    const areas = { directories: {}, bucket: storage };
    expect(await expireOpenUploads(ctx.db, areas, 10)).toBe(1);
    expect(await storage.openMultipartUpload(`video-uploads/${id}`)).toBeNull();
    expect((await s3.keys()).filter((key) => key.includes(id))).toEqual([]);
    expect((await fetch(`${base}${location}`, { method: 'HEAD', headers: tusHeaders() })).status).toBe(404);
  });
});

describe('photos on S3-compatible storage', () => {
  it('stores the variants and the original in the bucket, drops the camera bytes, and serves variants', async () => {
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#a03020' } })
      .jpeg()
      .toBuffer();
    const location = await create('/api/photo-uploads', jpeg.length, 'front.jpg', 'image/jpeg');
    const uploadId = location.split('/').pop()!;
    const half = Math.floor(jpeg.length / 2);
    expect((await patch(location, 0, jpeg.subarray(0, half))).status).toBe(204);
    const finished = await patch(location, half, jpeg.subarray(half));
    expect(finished.status).toBe(200);
    const answered = await finished.json();

    const status = await fetch(`${base}/api/photo-uploads/${uploadId}`, { headers: { cookie: staff } });
    const body = (await status.json()) as { status: string; photo: { srcset: { avif: string } } & object };
    expect(body.status).toBe('ready');
    // The final PATCH carried the processed photo: what the status answers.
    expect(answered).toEqual(body);

    const keys = await s3.keys();
    const storageKey = /^photos\/([a-f0-9]{32})\//.exec(keys.find((k) => k.startsWith('photos/'))!)![1]!;
    expect(keys).toContain(`photo-originals/${storageKey}.jpeg`);
    expect(keys.filter((k) => k.startsWith(`photos/${storageKey}/`)).length).toBeGreaterThanOrEqual(3);
    // The camera's own bytes are gone; tus still answers that the upload is complete.
    expect(keys).not.toContain(`photo-uploads/${uploadId}`);
    expect(await offsetOf(location)).toBe(jpeg.length);

    const variant = keys.find((k) => k.startsWith(`photos/${storageKey}/`) && k.endsWith('.webp'))!;
    const served = await fetch(`${base}/media/${variant}`, { headers: { accept: 'image/webp,*/*' } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.equals((await s3.object(variant))!)).toBe(true);
    expect((await sharp(bytes).metadata()).format).toBe('webp');
    expect(JSON.stringify(body.photo)).toContain(`/media/photos/${storageKey}/`);

    expect((await fetch(`${base}/media/photos/${storageKey}/99.webp`)).status).toBe(404);
    expect((await fetch(`${base}/media/photos/${storageKey}/../x.webp`)).status).toBe(404);
  });

  it('wrote nothing under DATA_DIR: no uploads, photos or originals on the instance', () => {
    for (const dir of ['uploads', 'photo-uploads', 'photos', 'photo-originals'])
      expect(existsSync(join(ctx.config.dataDir, dir)), dir).toBe(false);
    expect(readdirSync(ctx.config.dataDir)).toEqual([]);
  });
});

describe('housekeeping in the bucket', () => {
  it('aborts and deletes abandoned uploads, keeps accepted videos, and drops finished photo uploads', async () => {
    const MB = 1024 * 1024;
    const video = patternedMp4(12 * MB);
    // One upload left after a 1 MB chunk (held as `.part`), one after a 6 MB chunk (an S3 part).
    const small = await create('/api/uploads', video.length, 'a.mp4', 'video/mp4');
    expect((await patch(small, 0, video.subarray(0, MB))).status).toBe(204);
    const large = await create('/api/uploads', video.length, 'b.mp4', 'video/mp4');
    expect((await patch(large, 0, video.subarray(0, 6 * MB))).status).toBe(204);
    const idOf = (location: string) => location.split('/').pop()!;
    const before = await s3.keys();
    expect(before).toContain(`video-uploads/${idOf(small)}.part`);
    const accepted = before.filter((k) => /^video-uploads\/[a-f0-9]{32}\.type$/.test(k));
    expect(accepted.length).toBeGreaterThan(0);

    const storage = await ObjectStorage.create(ctx.config.objectStorage!);
    const open = await storage.openMultipartUpload(`video-uploads/${idOf(large)}`);
    expect(open?.lastPartAt).toBeGreaterThan(Date.now() - 60_000);
    // Touched a moment ago: a sweep with a day's retention leaves everything.
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    expect(await sweepBucketUploads(storage, 'video-uploads', dayAgo)).toBe(0);
    expect(await sweepBucketUploads(storage, 'photo-uploads', dayAgo, { finishedToo: true })).toBe(0);
    expect(await s3.keys()).toEqual(before);

    // As if a day had passed: the two abandoned videos and every photo upload go.
    const later = new Date(Date.now() + 60_000);
    expect(await sweepBucketUploads(storage, 'video-uploads', later)).toBe(2);
    expect(await sweepBucketUploads(storage, 'photo-uploads', later, { finishedToo: true })).toBeGreaterThan(
      0,
    );
    const after = await s3.keys();
    expect(after.filter((k) => k.includes(idOf(small)) || k.includes(idOf(large)))).toEqual([]);
    expect(after.filter((k) => k.startsWith('photo-uploads/'))).toEqual([]);
    for (const marker of accepted) expect(after).toContain(marker);
    expect(after.some((k) => k.startsWith('photos/'))).toBe(true);
    expect(await storage.openMultipartUpload(`video-uploads/${idOf(large)}`)).toBeNull();
    // The aborted upload is gone for tus as well.
    const head = await fetch(`${base}${large}`, { method: 'HEAD', headers: tusHeaders() });
    expect(head.status).toBe(404);
  });
});

describe('start-up with S3 settings', () => {
  const startWith = async (env: Record<string, string>) => {
    const database = await createTestDatabase();
    try {
      const app = await buildApp({ config: testConfig({ ...s3.env, ...env }), database, logger: false });
      await app.close();
      return null;
    } catch (error) {
      return (error as Error).message;
    } finally {
      await database.close();
    }
  };

  it('stops with what to fix, never the secret, when the bucket refuses or is not there', async () => {
    const denied = await startWith({ S3_SECRET_ACCESS_KEY: 'wrong-secret-value' });
    expect(denied).toMatch(
      /^Media storage: bucket "deal-machine-media" at http:\/\/127\.0\.0\.1:\d+ access denied: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY$/,
    );
    expect(denied).not.toContain('wrong-secret-value');
    expect(await startWith({ S3_ACCESS_KEY_ID: 'NOBODY' })).toMatch(/access denied/);
    expect(await startWith({ S3_BUCKET: 'no-such-bucket' })).toMatch(
      /bucket "no-such-bucket" .* no such bucket: create it or fix S3_BUCKET/,
    );
    expect(await startWith({ S3_ENDPOINT: 'http://127.0.0.1:9' })).toMatch(/unreachable .*check S3_ENDPOINT/);
  });

  it('stops the server process with that message and exit code 1', async () => {
    const dataDir = migratedDataDir('s3-start-');
    try {
      const start = spawnServer({
        DATA_DIR: dataDir,
        ...s3.env,
        S3_SECRET_ACCESS_KEY: 'not-the-secret-4711',
      });
      const failure = await start.then(
        async (server) => {
          await server.stop();
          return 'started';
        },
        (error: Error) => error.message,
      );
      expect(failure).toMatch(/^server exited with 1:/);
      expect(failure).toMatch(
        /Could not start: Media storage: bucket "deal-machine-media" at http:\/\/127\.0\.0\.1:\d+ access denied: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
      );
      expect(failure).not.toContain('not-the-secret-4711');
      // Only the embedded database was opened (it migrates first); no media directory was made.
      expect(readdirSync(dataDir)).toEqual(['db']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A spawned server migrates a fresh database before it fails (a hang's limit, not a speed target).
  }, 90_000);

  it('refuses half a configuration at boot', () => {
    expect(() => testConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: must be set too when S3_ENDPOINT is set/,
    );
    expect(() => testConfig({ S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'a-secret' })).toThrow(
      /S3_ACCESS_KEY_ID: must be set too/,
    );
    expect(() =>
      testConfig({ S3_BUCKET: 'Bad_Bucket', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }),
    ).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => testConfig({ S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT: must be an http\(s\) URL/);
    expect(() => testConfig({ INSTANCE_NAME: 'a b' })).toThrow(/INSTANCE_NAME: must be 1 to 40 letters/);
  });
});
