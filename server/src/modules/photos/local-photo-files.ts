import { mkdir, open, readFile, rename, rm, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMMUTABLE } from '../../lib/object-storage';
import type { PhotoFiles } from './photo-files';
import type { ProcessedPhoto } from './photo-pipeline';

/** See media/local-uploads.ts: the directory is made before the store, so its own check is skipped. */
class PreparedFileStore extends FileStore {}
Object.defineProperty(PreparedFileStore.prototype, 'checkOrCreateDirectory', { value: () => {} });

const STORAGE_KEY = /^[a-f0-9]{32}$/;

/**
 * Photos on this instance's disk under DATA_DIR: tus uploads in photo-uploads/ (@tus/file-store),
 * public variants in photos/<key>/<width>.<format>, private originals in photo-originals/<key>.jpeg.
 * Variants are served by @fastify/static (registered by photos.routes.ts for publicDir).
 */
export class LocalPhotoFiles implements PhotoFiles {
  readonly uploadsDir: string;
  readonly publicDir: string;
  readonly originalsDir: string;
  readonly tus;

  constructor(dataDir: string) {
    this.uploadsDir = join(dataDir, 'photo-uploads');
    this.publicDir = join(dataDir, 'photos');
    this.originalsDir = join(dataDir, 'photo-originals');
    this.tus = { datastore: new PreparedFileStore({ directory: this.uploadsDir }) };
  }

  uploadIdOf(tusId: string) {
    return tusId;
  }

  async prepare() {
    for (const dir of [this.uploadsDir, this.publicDir, this.originalsDir])
      await mkdir(dir, { recursive: true });
  }

  readUpload(tusId: string) {
    return readFile(join(this.uploadsDir, tusId));
  }

  async scrubUpload(tusId: string, length: number) {
    // The length stays for tus HEAD (a sparse file).
    const file = join(this.uploadsDir, tusId);
    await truncate(file, 0);
    await truncate(file, length);
  }

  async refuseUpload(tusId: string, message: string) {
    const file = join(this.uploadsDir, tusId);
    await rm(file, { force: true });
    await writeFile(`${file}.failed`, message);
  }

  failedMessage(uploadId: string) {
    return readFile(join(this.uploadsDir, `${uploadId}.failed`), 'utf8').catch(() => null);
  }

  uploadExists(uploadId: string) {
    return open(join(this.uploadsDir, `${uploadId}.json`), 'r')
      .then((handle) => handle.close().then(() => true))
      .catch(() => false);
  }

  async writeFiles(key: string, processed: ProcessedPhoto) {
    // Written to a temporary directory and renamed, so a variant URL never serves half a set.
    const temporary = join(this.publicDir, `.${key}.tmp`);
    await mkdir(temporary, { recursive: true });
    for (const [name, bytes] of processed.variants) await writeFile(join(temporary, name), bytes);
    await writeFile(join(this.originalsDir, `${key}.jpeg`), processed.original);
    await rename(temporary, join(this.publicDir, key));
  }

  async deleteFiles(key: string) {
    if (!STORAGE_KEY.test(key)) return;
    await rm(join(this.publicDir, key), { recursive: true, force: true });
    await rm(join(this.originalsDir, `${key}.jpeg`), { force: true });
  }

  async sendVariant(_request: FastifyRequest, reply: FastifyReply, key: string, name: string) {
    return reply.header('cache-control', IMMUTABLE).sendFile(name, join(this.publicDir, key));
  }
}
