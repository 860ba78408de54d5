import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_PHOTO_BYTES, PHOTO_TEXT, PHOTO_UPLOAD_PATH } from '@contracts/photos';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vehiclePhotos } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { PhotoRefused, type ProcessedPhoto, processPhoto } from './photo-pipeline';
import { type PhotoRow, toPhoto } from './photo-views';

export const UPLOAD_ID = /^[a-f0-9]{32}$/;
export const STORAGE_KEY = /^[a-f0-9]{32}$/;
/** A variant's public name: `<width>.<avif|webp|jpeg>`. */
export const VARIANT_NAME = /^([1-9][0-9]{0,4})\.(avif|webp|jpeg)$/;

/** See media/local-uploads.ts: the directory is made before the store, so its own check is skipped. */
class PreparedFileStore extends FileStore {}
Object.defineProperty(PreparedFileStore.prototype, 'checkOrCreateDirectory', { value: () => {} });

/** At most `limit` photos decode at once; the rest wait their turn (a burst of 60 stays bounded). */
export class ProcessingQueue {
  private running = 0;
  private waiting: (() => void)[] = [];
  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

export interface PhotoStoreOptions {
  /** DATA_DIR: photos go to DATA_DIR/photo-uploads (tus), /photos (public), /photo-originals (private). */
  dataDir: string;
  db: Database;
  concurrency: number;
  log: (message: string) => void;
}

/**
 * The local photo backend (issue #17), the same style as the video's (media/local-uploads.ts):
 * resumable tus uploads under random names; once complete, the content is checked and processed
 * (photo-pipeline.ts) and the photo stored unattached. Variants are public under random 128-bit
 * keys (DATA_DIR/photos/<key>/<width>.<format>); the full-size original, re-encoded without
 * metadata, stays private (DATA_DIR/photo-originals/<key>.jpeg). The uploaded bytes themselves —
 * which carry the camera's EXIF and GPS — are zeroed once processed: only the tus bookkeeping
 * (its size, so a client that lost the last answer still sees the upload complete) remains.
 */
export class PhotoStore {
  readonly tus: TusServer;
  readonly uploadsDir: string;
  readonly publicDir: string;
  readonly originalsDir: string;
  readonly queue: ProcessingQueue;
  /** Who sent each upload's requests (set by the route before tus handles them). */
  readonly uploaders = new Map<string, Actor>();

  private constructor(private readonly options: PhotoStoreOptions) {
    this.uploadsDir = join(options.dataDir, 'photo-uploads');
    this.publicDir = join(options.dataDir, 'photos');
    this.originalsDir = join(options.dataDir, 'photo-originals');
    this.queue = new ProcessingQueue(options.concurrency);
    this.tus = new TusServer({
      path: PHOTO_UPLOAD_PATH,
      datastore: new PreparedFileStore({ directory: this.uploadsDir }),
      relativeLocation: true,
      maxSize: MAX_PHOTO_BYTES,
      disableTerminationForFinishedUploads: true,
      onUploadFinish: async (_req, upload) => {
        const actor = this.uploaders.get(upload.id) ?? { type: 'staff', id: null };
        this.uploaders.delete(upload.id);
        try {
          await this.storeUpload(upload.id, actor);
        } catch (error) {
          if (!(error instanceof PhotoRefused)) throw error;
          throw { status_code: error.status, body: JSON.stringify({ message: error.message }) };
        }
        return {};
      },
    });
  }

  static async create(options: PhotoStoreOptions) {
    const store = new PhotoStore(options);
    for (const dir of [store.uploadsDir, store.publicDir, store.originalsDir])
      await mkdir(dir, { recursive: true });
    return store;
  }

  /** Processes a finished tus upload into an unattached photo row; a refusal is recorded for its status. */
  private async storeUpload(uploadId: string, actor: Actor) {
    const file = join(this.uploadsDir, uploadId);
    try {
      const input = await readFile(file);
      const row = await this.store(input, { uploadId, uploadedBy: `${actor.type}:${actor.id ?? ''}` });
      // The camera's bytes (EXIF, GPS) are gone; the length stays for tus HEAD (a sparse file).
      await truncate(file, 0);
      await truncate(file, input.length);
      return row;
    } catch (error) {
      if (error instanceof PhotoRefused) {
        await rm(file, { force: true });
        await writeFile(`${file}.failed`, error.message);
      }
      throw error;
    }
  }

  /**
   * Processes an image (in the queue) and stores its files and an unattached row. Used by uploads,
   * the demo seed and the sheet sync. `uploadId` names its origin (a tus id or e.g. "sync:<hash>").
   */
  async store(input: Buffer, origin: { uploadId: string; uploadedBy: string }): Promise<PhotoRow> {
    const processed = await this.queue.run(() => processPhoto(input));
    const storageKey = randomBytes(16).toString('hex');
    await this.writeFiles(storageKey, processed);
    try {
      const [row] = await this.options.db
        .insert(vehiclePhotos)
        .values({
          uploadId: origin.uploadId,
          storageKey,
          width: processed.width,
          height: processed.height,
          placeholder: processed.placeholder,
          originalMime: processed.mime,
          uploadedBy: origin.uploadedBy,
        })
        .returning();
      return row!;
    } catch (error) {
      await this.deleteFiles(storageKey);
      throw error;
    }
  }

  private async writeFiles(key: string, processed: ProcessedPhoto) {
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

  /** GET /api/photo-uploads/:id: processing (uploading or in the queue), ready, failed, or null (unknown). */
  async status(uploadId: string) {
    if (!UPLOAD_ID.test(uploadId)) return null;
    const [row] = await this.options.db
      .select()
      .from(vehiclePhotos)
      .where(eq(vehiclePhotos.uploadId, uploadId));
    if (row) return { status: 'ready' as const, photo: toPhoto(row), message: null };
    const file = join(this.uploadsDir, uploadId);
    const failed = await readFile(`${file}.failed`, 'utf8').catch(() => null);
    if (failed !== null)
      return { status: 'failed' as const, photo: null, message: failed || PHOTO_TEXT.unreadable };
    const exists = await open(`${file}.json`, 'r')
      .then((handle) => handle.close().then(() => true))
      .catch(() => false);
    return exists ? { status: 'processing' as const, photo: null, message: null } : null;
  }
}
