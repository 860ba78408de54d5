import { existsSync } from 'node:fs';
import { readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tinyMp4 } from '../../../test/tus-uploads';
import { withApp } from '../../../test/with-app';
import { runHousekeeping } from './run-housekeeping';

const ctx = withApp({ signIn: ['staff'] });

const HOUR = 60 * 60 * 1000;
/** An MP4 whose boxes chain to its last byte (ftyp, moov, mdat), as the upload check wants. */
const video = tinyMp4();

const tus = (
  method: 'POST' | 'PATCH' | 'HEAD',
  url: string,
  headers: Record<string, string>,
  payload?: Buffer,
) =>
  ctx.app.inject({
    method,
    url,
    headers: { 'tus-resumable': '1.0.0', cookie: ctx.staff, ...headers },
    ...(payload ? { payload } : {}),
  });

/** A real tus upload of `video` that sends its first `bytes` bytes; returns its id. */
async function upload(bytes: number) {
  const created = await tus('POST', '/api/uploads', { 'upload-length': String(video.length) });
  expect(created.statusCode).toBe(201);
  const location = created.headers.location as string;
  const sent = await tus(
    'PATCH',
    location,
    { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    video.subarray(0, bytes),
  );
  expect(sent.statusCode).toBe(204);
  return location.split('/').pop()!;
}

/** Back-dates an upload as @tus/file-store sees it: `creation_date` in its metadata, and its last write. */
async function age(id: string, created: number, lastWritten: number) {
  const metadataFile = join(ctx.config.uploadsDir, `${id}.json`);
  const metadata = JSON.parse(await readFile(metadataFile, 'utf8'));
  await writeFile(
    metadataFile,
    JSON.stringify({ ...metadata, creation_date: new Date(created).toISOString() }),
  );
  const when = new Date(lastWritten);
  await utimes(join(ctx.config.uploadsDir, id), when, when);
}
/** A housekeeping pass with the app's places and upload expiry (UPLOAD_EXPIRY_MINUTES, 60 by default). */
const pass = () =>
  runHousekeeping(ctx.database, {
    uploadsDir: ctx.config.uploadsDir,
    uploadExpiryMs: ctx.config.uploadQuotas.expiryMs,
    photos: {
      uploadsDir: ctx.app.photos.uploadsDir,
      deleteFiles: (key) => ctx.app.photos.deleteFiles(key),
    },
  });
/** As if the upload had received its last byte `minutes` ago: its quota row's expiry and its file's times. */
async function idle(id: string, minutes: number) {
  await ctx.db.execute(
    sql`update open_uploads set expires_at = now() + ${60 - minutes} * interval '1 minute' where id = ${id}`,
  );
  const when = new Date(Date.now() - minutes * 60_000);
  await utimes(join(ctx.config.uploadsDir, id), when, when);
}
const onDisk = (id: string) =>
  [id, `${id}.json`].filter((name) => existsSync(join(ctx.config.uploadsDir, name)));

describe('housekeeping of resumable uploads', () => {
  it('deletes unfinished uploads untouched for a day; keeps fresh, resumed and finished ones', async () => {
    const abandoned = await upload(500);
    const fresh = await upload(500);
    const resumedToday = await upload(500);
    const finished = await upload(video.length);
    const now = Date.now();
    await age(abandoned, now - 25 * HOUR, now - 25 * HOUR);
    await age(resumedToday, now - 25 * HOUR, now - HOUR);
    await age(finished, now - 48 * HOUR, now - 48 * HOUR);

    const deleted = await pass();
    expect(deleted).toMatchObject({ uploads: 1 });

    expect(onDisk(abandoned)).toEqual([]);
    expect((await tus('HEAD', `/api/uploads/${abandoned}`, {})).statusCode).toBe(404);
    for (const kept of [fresh, resumedToday, finished]) expect(onDisk(kept)).toHaveLength(2);
    const resume = await tus('HEAD', `/api/uploads/${fresh}`, {});
    expect(resume.headers['upload-offset']).toBe('500');
    // The finished upload still plays.
    const result = await ctx.app.inject({
      url: `/api/upload-results/${finished}`,
      headers: { cookie: ctx.staff },
    });
    expect(result.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: result.json().url })).statusCode).toBe(200);
  });

  it('expires an upload left unfinished for over an hour: a resume answers 410, the next pass deletes it', async () => {
    const expired = await upload(500);
    const recent = await upload(500);
    await idle(expired, 61);
    await idle(recent, 50);

    const resumed = await tus(
      'PATCH',
      `/api/uploads/${expired}`,
      { 'upload-offset': '500', 'content-type': 'application/offset+octet-stream' },
      video.subarray(500),
    );
    expect(resumed.statusCode).toBe(410);
    expect(resumed.json().message).toBe(
      'This upload expired: nothing was received for 60 minutes. Start the upload again.',
    );
    expect((await tus('HEAD', `/api/uploads/${expired}`, {})).statusCode).toBe(410);

    expect(await pass()).toMatchObject({ expiredUploads: 1 });
    expect(onDisk(expired)).toEqual([]);
    expect((await tus('HEAD', `/api/uploads/${expired}`, {})).statusCode).toBe(404);
    // Fifty minutes idle: it has not expired, and resumes to the end.
    expect(onDisk(recent)).toHaveLength(2);
    const finished = await tus(
      'PATCH',
      `/api/uploads/${recent}`,
      { 'upload-offset': '500', 'content-type': 'application/offset+octet-stream' },
      video.subarray(500),
    );
    expect(finished.statusCode).toBe(204);
  });

  it('keeps an upload whose bytes are still being written when its hour runs out (one long PATCH)', async () => {
    const writing = await upload(500);
    await ctx.db.execute(
      sql`update open_uploads set expires_at = now() - interval '1 minute' where id = ${writing}`,
    );
    // Its file was written a moment ago: the pass renews its row from that write.
    expect(await pass()).toMatchObject({ expiredUploads: 0 });
    expect(onDisk(writing)).toHaveLength(2);
    expect((await tus('HEAD', `/api/uploads/${writing}`, {})).headers['upload-offset']).toBe('500');
  });
});
