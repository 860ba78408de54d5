import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { type OpenedMedia, SINGLE_RANGE } from '../object-storage';
import { type MediaArea, type MediaStorage, parseRecord } from './media-storage';

/**
 * @tus/file-store's constructor starts an un-awaited mkdir whose error is thrown from a callback
 * (an uncaught exception; the library marks it TODO). `prepare` makes the directories before the
 * first upload, so that check is skipped here (pinned @tus/file-store 2.1.1).
 */
class PreparedFileStore extends FileStore {}
Object.defineProperty(PreparedFileStore.prototype, 'checkOrCreateDirectory', { value: () => {} });

/** `<area>/<name>` or `<area>/<key>/<name>`: names we make, never a path a caller could steer. */
const KEY = /^([a-z-]+)\/((?:[a-zA-Z0-9_-][a-zA-Z0-9._-]*\/)?[a-zA-Z0-9_-][a-zA-Z0-9._-]*)$/;

/**
 * Media on this instance's disk under DATA_DIR: video uploads in uploads/, photo uploads in
 * photo-uploads/ (@tus/file-store: the bytes in `<id>`, the tus record in `<id>.json`), photo
 * variants in photos/<key>/, originals in photo-originals/.
 */
export class LocalMediaStorage implements MediaStorage {
  private readonly directories: Record<MediaArea, string>;

  constructor(dataDir: string) {
    this.directories = {
      'video-uploads': join(dataDir, 'uploads'),
      'photo-uploads': join(dataDir, 'photo-uploads'),
      photos: join(dataDir, 'photos'),
      'photo-originals': join(dataDir, 'photo-originals'),
    };
  }

  tusOptions(area: MediaArea) {
    return { datastore: new PreparedFileStore({ directory: this.directories[area] }) };
  }

  directoryOf(area: MediaArea) {
    return this.directories[area];
  }

  async prepare() {
    for (const directory of Object.values(this.directories)) await mkdir(directory, { recursive: true });
  }

  private path(key: string) {
    const [, area, name] = KEY.exec(key) ?? [];
    const directory = area && this.directories[area as MediaArea];
    if (!directory || !name) throw new Error(`not a media key: ${key}`);
    return join(directory, name);
  }

  async read(key: string, range?: string) {
    const [, first, last] = SINGLE_RANGE.exec(range ?? '') ?? [];
    if (first === undefined) return readFile(this.path(key)).catch(missingAsNull);
    const handle = await open(this.path(key), 'r').catch(missingAsNull);
    if (!handle) return null;
    try {
      const start = Number(first || 0);
      const buffer = Buffer.alloc(last ? Number(last) - start + 1 : (await handle.stat()).size - start);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  text(key: string) {
    return readFile(this.path(key), 'utf8').catch(missingAsNull);
  }

  exists(key: string) {
    return stat(this.path(key)).then(
      () => true,
      () => false,
    );
  }

  async put(key: string, body: Buffer | string) {
    await writeFile(this.path(key), body);
  }

  async delete(keys: string[]) {
    for (const key of keys) await rm(this.path(key), { force: true });
  }

  async putSet(prefix: string, files: Map<string, Buffer>) {
    // Written to a temporary directory and renamed, so a variant URL never serves half a set.
    const target = this.path(prefix);
    const temporary = join(target, '..', `.${target.split('/').pop()}.tmp`);
    await mkdir(temporary, { recursive: true });
    for (const [name, bytes] of files) await writeFile(join(temporary, name), bytes);
    await rename(temporary, target);
  }

  async deleteSet(prefix: string) {
    await rm(this.path(prefix), { recursive: true, force: true });
  }

  async uploadRecord(area: MediaArea, id: string) {
    return parseRecord(await this.text(`${area}/${id}.json`));
  }

  async scrubUpload(key: string, length: number) {
    // A sparse file of the same length: tus answers HEAD from its size.
    await truncate(this.path(key), 0);
    await truncate(this.path(key), length);
  }

  async discardUpload(key: string, record: boolean) {
    await this.delete(record ? [key, `${key}.json`] : [key]);
  }

  withLocalFile<T>(key: string, use: (file: string) => Promise<T>) {
    return use(this.path(key));
  }

  async open(key: string, rangeHeader: string | undefined, head: boolean): Promise<OpenedMedia | null> {
    const file = this.path(key);
    const found = await stat(file).catch(missingAsNull);
    if (!found?.isFile()) return null;
    const size = found.size;
    const described = {
      etag: `W/"${size.toString(16)}-${found.mtime.getTime().toString(16)}"`,
      lastModified: found.mtime,
    };
    const [, first, last] = SINGLE_RANGE.exec(rangeHeader ?? '') ?? [];
    if (first === undefined || last === undefined || (first === '' && last === '') || head)
      return { ...described, length: size, contentRange: null, body: head ? null : createReadStream(file) };
    const start = first === '' ? Math.max(0, size - Number(last)) : Number(first);
    const end = first === '' || last === '' ? size - 1 : Math.min(Number(last), size - 1);
    if (start >= size || end < start || (first === '' && Number(last) === 0))
      return { unsatisfiable: true, size };
    return {
      ...described,
      length: end - start + 1,
      contentRange: `bytes ${start}-${end}/${size}`,
      body: createReadStream(file, { start, end }),
    };
  }
}

function missingAsNull(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
  throw error;
}
