import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** tus metadata (@tus/file-store keeps it as `<id>.json` beside the data file `<id>`). */
const METADATA_FILE = /^([a-f0-9]{32})\.json$/;

/**
 * Deletes resumable uploads that never finished and have not been touched since `cutoff`: their
 * data file and their metadata file. "Finished" is decided as @tus/file-store decides it: the data
 * file's length (the offset) has reached the declared `size`. Finished uploads stay, whatever their
 * age: their data file is the accepted video the listing links to — unless `finishedToo` (photo
 * uploads, whose finished data lives on as the processed photo; a refused one's `.failed` note goes
 * with it). Returns how many were deleted.
 */
export async function deleteAbandonedUploads(
  directory: string,
  cutoff: Date,
  { finishedToo = false } = {},
): Promise<number> {
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let deleted = 0;
  for (const name of names) {
    const id = METADATA_FILE.exec(name)?.[1];
    if (!id) continue;
    const dataFile = join(directory, id);
    const metadata = await readMetadata(join(directory, name));
    // Unreadable metadata may be a file being written right now; it is left alone.
    if (!metadata) continue;
    const data = await stat(dataFile).catch(() => null);
    const offset = data?.size ?? 0;
    if (!finishedToo && typeof metadata.size === 'number' && offset >= metadata.size) continue;
    // creation_date is when tus created the upload; the data file's mtime is its last PATCH, so an
    // upload still being resumed is not abandoned however old it is.
    const created = Date.parse(metadata.creation_date ?? '');
    const lastTouched = Math.max(Number.isNaN(created) ? 0 : created, data?.mtimeMs ?? 0);
    if (lastTouched >= cutoff.getTime()) continue;
    await rm(dataFile, { force: true });
    await rm(`${dataFile}.failed`, { force: true });
    await rm(join(directory, name), { force: true });
    deleted++;
  }
  return deleted;
}

async function readMetadata(file: string): Promise<{ size?: unknown; creation_date?: string } | null> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}
