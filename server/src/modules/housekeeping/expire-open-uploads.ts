import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { openUploads } from '../../db/schema';
import type { ObjectStorage } from '../../lib/object-storage';

/** Where an area's tus uploads are: a directory on this disk, or the bucket (ADR 0014). */
export interface UploadAreas {
  directories: Record<string, string | null>;
  bucket: ObjectStorage | null;
}

/**
 * Deletes the uploads whose quota row expired (issue #43: unfinished, nothing received for the
 * upload expiry) — their bytes, their tus record, an open multipart upload in the bucket — and the
 * rows. One whose bytes were written within the expiry all the same (a single long PATCH that
 * started before it ran out) has its row renewed from that write instead. Returns how many went.
 */
export async function expireOpenUploads(db: Executor, areas: UploadAreas, expiryMs: number): Promise<number> {
  const expired = await db
    .select({ id: openUploads.id, area: openUploads.area })
    .from(openUploads)
    .where(lte(openUploads.expiresAt, sql`now()`));
  let deleted = 0;
  for (const { id, area } of expired) {
    const touched = await lastWritten(areas, area, id);
    if (touched !== null && touched > Date.now() - expiryMs) {
      await db
        .update(openUploads)
        .set({ expiresAt: new Date(touched + expiryMs) })
        .where(eq(openUploads.id, id));
      continue;
    }
    await deleteUpload(areas, area, id);
    await db.delete(openUploads).where(and(eq(openUploads.id, id), lte(openUploads.expiresAt, sql`now()`)));
    deleted++;
  }
  return deleted;
}

/** When the upload's bytes were last written (ms), or null when nothing of it is left. */
async function lastWritten({ directories, bucket }: UploadAreas, area: string, id: string) {
  if (bucket) {
    const objects = await bucket.objectsUnder(`${area}/${id}`);
    const open = await bucket.openMultipartUpload(`${area}/${id}`);
    const times = [...objects.map((o) => o.lastModified.getTime()), ...(open ? [open.lastPartAt] : [])];
    return times.length > 0 ? Math.max(...times) : null;
  }
  const directory = directories[area];
  if (!directory) return null;
  const data = await stat(join(directory, id)).catch(() => null);
  return data ? data.mtimeMs : null;
}

async function deleteUpload({ directories, bucket }: UploadAreas, area: string, id: string) {
  if (bucket) {
    const key = `${area}/${id}`;
    const open = await bucket.openMultipartUpload(key);
    if (open) await bucket.abortMultipartUpload(key, open.uploadId);
    const keys = await bucket.keysUnder(key);
    if (keys.length > 0) await bucket.delete(keys);
    return;
  }
  const directory = directories[area];
  if (!directory) return;
  for (const name of [id, `${id}.json`, `${id}.failed`]) await rm(join(directory, name), { force: true });
}
