import { randomBytes } from 'node:crypto';
import { MAX_PHOTO_BYTES, PHOTO_TEXT, PHOTO_UPLOAD_PATH } from '@contracts/photos';
import { Server as TusServer } from '@tus/server';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vehiclePhotos } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { LocalPhotoFiles } from './local-photo-files';
import type { PhotoFiles } from './photo-files';
import { PhotoRefused, type ProcessedPhoto, processPhoto } from './photo-pipeline';
import { type PhotoRow, toPhoto } from './photo-views';

export const UPLOAD_ID = /^[a-f0-9]{32}$/;
export const STORAGE_KEY = /^[a-f0-9]{32}$/;
/** A variant's public name: `<width>.<avif|webp|jpeg>`. */
export const VARIANT_NAME = /^([1-9][0-9]{0,4})\.(avif|webp|jpeg)$/;

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
  /** DATA_DIR: photos go to DATA_DIR/photo-uploads (tus), /photos (public), /photo-originals (private)… */
  dataDir: string;
  /** …unless they go to a bucket (S3PhotoFiles); LocalPhotoFiles under dataDir by default. */
  files?: PhotoFiles;
  db: Database;
  concurrency: number;
  log: (message: string) => void;
}

/**
 * The photo store (issue #17), the same style as the video's (media/local-uploads.ts): resumable
 * tus uploads under random names; once complete, the content is checked and processed
 * (photo-pipeline.ts) and the photo stored unattached. Variants are public under random 128-bit
 * keys (photos/<key>/<width>.<format>); the full-size original, re-encoded without metadata, stays
 * private (photo-originals/<key>.jpeg) — in DATA_DIR or in a bucket (PhotoFiles). The uploaded bytes themselves —
 * which carry the camera's EXIF and GPS — are zeroed once processed: only the tus bookkeeping
 * (its size, so a client that lost the last answer still sees the upload complete) remains.
 */
/** The header that carries the in-flight request's key into tus's hooks (see PhotoStore.uploaders). */
export const UPLOADER_HEADER = 'x-deal-machine-uploader';

export class PhotoStore {
  readonly tus: TusServer;
  readonly files: PhotoFiles;
  /** The local directories (LocalPhotoFiles); unused when the photos are in a bucket. */
  readonly uploadsDir: string;
  readonly publicDir: string;
  readonly originalsDir: string;
  readonly queue: ProcessingQueue;
  /**
   * Who sends each tus request in flight, by a random key the route writes into the request's
   * UPLOADER_HEADER (any such header from the client is overwritten) and removes when tus is done:
   * bounded by the requests in flight, whatever upload ids are made up, and it names the sender of
   * an upload finished in its creating POST (creation-with-upload) as well as by a PATCH.
   */
  readonly uploaders = new Map<string, Actor>();

  private constructor(private readonly options: PhotoStoreOptions) {
    const local = new LocalPhotoFiles(options.dataDir);
    ({ uploadsDir: this.uploadsDir, publicDir: this.publicDir, originalsDir: this.originalsDir } = local);
    this.files = options.files ?? local;
    this.queue = new ProcessingQueue(options.concurrency);
    this.tus = new TusServer({
      path: PHOTO_UPLOAD_PATH,
      ...this.files.tus,
      relativeLocation: true,
      maxSize: MAX_PHOTO_BYTES,
      disableTerminationForFinishedUploads: true,
      onUploadFinish: async (req, upload) => {
        const actor = this.uploaders.get(req.headers.get(UPLOADER_HEADER) ?? '') ?? {
          type: 'staff',
          id: null,
        };
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
    await store.files.prepare();
    return store;
  }

  /** Processes a finished tus upload into an unattached photo row; a refusal is recorded for its status. */
  private async storeUpload(tusId: string, actor: Actor) {
    try {
      const input = await this.files.readUpload(tusId);
      const row = await this.store(input, {
        uploadId: this.files.uploadIdOf(tusId),
        uploadedBy: `${actor.type}:${actor.id ?? ''}`,
      });
      await this.files.scrubUpload(tusId, input.length);
      return row;
    } catch (error) {
      if (error instanceof PhotoRefused) await this.files.refuseUpload(tusId, error.message);
      throw error;
    }
  }

  /**
   * Processes an image (in the queue) and stores its files and an unattached row. Used by uploads,
   * the demo seed and the sheet sync. `uploadId` names its origin (a tus id or e.g. "sync:<hash>").
   */
  async store(input: Buffer, origin: { uploadId: string; uploadedBy: string }): Promise<PhotoRow> {
    return this.storeProcessed(await this.process(input), origin);
  }

  /** Runs the pipeline on an image (in the queue) without storing anything. */
  process(input: Buffer): Promise<ProcessedPhoto> {
    return this.queue.run(() => processPhoto(input));
  }

  /**
   * Stores an already processed image under a new key, as a new unattached row: the demo seed
   * processes each of its drawn shots once and gives every car its own copy.
   */
  async storeProcessed(
    processed: ProcessedPhoto,
    origin: { uploadId: string; uploadedBy: string },
  ): Promise<PhotoRow> {
    const storageKey = randomBytes(16).toString('hex');
    await this.files.writeFiles(storageKey, processed);
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

  deleteFiles(key: string) {
    return this.files.deleteFiles(key);
  }

  /** GET /api/photo-uploads/:id: processing (uploading or in the queue), ready, failed, or null (unknown). */
  async status(uploadId: string) {
    if (!UPLOAD_ID.test(uploadId)) return null;
    const [row] = await this.options.db
      .select()
      .from(vehiclePhotos)
      .where(eq(vehiclePhotos.uploadId, uploadId));
    if (row) return { status: 'ready' as const, photo: toPhoto(row), message: null };
    const failed = await this.files.failedMessage(uploadId);
    if (failed !== null)
      return { status: 'failed' as const, photo: null, message: failed || PHOTO_TEXT.unreadable };
    return (await this.files.uploadExists(uploadId))
      ? { status: 'processing' as const, photo: null, message: null }
      : null;
  }
}
