import { existsSync } from 'node:fs';
import { readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withApp } from '../../../test/with-app';
import { runHousekeeping } from './run-housekeeping';

const ctx = withApp({ signIn: ['staff'] });

const HOUR = 60 * 60 * 1000;
/** The first bytes of an MP4 (ftyp box, brand isom), which is what the upload check reads. */
const video = Buffer.concat([
  Buffer.from([0, 0, 0, 0x10]),
  Buffer.from('ftypisom\0\0\0\0'),
  Buffer.alloc(2000, 7),
]);

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

    const deleted = await runHousekeeping(ctx.database, {
      uploadsDir: ctx.config.uploadsDir,
      photos: {
        uploadsDir: ctx.app.photos.uploadsDir,
        deleteFiles: (key) => ctx.app.photos.deleteFiles(key),
      },
    });
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
});
