import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { MAX_PHOTO_BYTES, PHOTO_TEXT, PHOTO_UPLOAD_PATH } from '@contracts/photos';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vehiclePhotos } from '../../db/schema';
import { LocalMediaStorage } from '../../lib/uploads/local-media-storage';
import type { MediaStorage } from '../../lib/uploads/media-storage';
import type { FinishedUpload, UploadKind } from '../../lib/uploads/upload-server';
import { PhotoFiles } from './photo-files';
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
  /** …unless they go to a bucket (S3MediaStorage); LocalMediaStorage under dataDir by default. */
  storage?: MediaStorage;
  db: Database;
  concurrency: number;
  log: (message: string) => void;
}

/**
 * The photo store (issue #17) and the photo kind of the upload foundation (ADR 0022): once a tus
 * upload is complete, the content is checked and processed (photo-pipeline.ts) and the photo
 * stored unattached; the request that completed the upload answers with it. Variants are public
 * under random 128-bit keys (photos/<key>/<width>.<format>); the full-size original, re-encoded
 * without metadata, stays private (photo-originals/<key>.jpeg) — on disk or in a bucket. The
 * uploaded bytes themselves — which carry the camera's EXIF and GPS — are dropped once processed:
 * only the tus bookkeeping (its size, so a client that lost the last answer still sees the upload
 * complete) remains.
 */
export class PhotoStore {
  readonly files: PhotoFiles;
  readonly kind: UploadKind;
  /** The local directories (LocalMediaStorage); unused when the photos are in a bucket. */
  readonly uploadsDir: string;
  readonly publicDir: string;
  readonly originalsDir: string;
  readonly queue: ProcessingQueue;

  private constructor(private readonly options: PhotoStoreOptions) {
    const storage = options.storage ?? new LocalMediaStorage(options.dataDir);
    this.uploadsDir = storage.directoryOf('photo-uploads') ?? join(options.dataDir, 'photo-uploads');
    this.publicDir = storage.directoryOf('photos') ?? join(options.dataDir, 'photos');
    this.originalsDir = storage.directoryOf('photo-originals') ?? join(options.dataDir, 'photo-originals');
    this.files = new PhotoFiles(storage);
    this.queue = new ProcessingQueue(options.concurrency);
    this.kind = {
      path: PHOTO_UPLOAD_PATH,
      area: 'photo-uploads',
      maxSize: MAX_PHOTO_BYTES,
      finish: async (upload) => {
        const row = await this.storeUpload(upload);
        return { status: 'ready' as const, photo: toPhoto(row), message: null };
      },
    };
  }

  static async create(options: PhotoStoreOptions) {
    const store = new PhotoStore(options);
    await store.files.storage.prepare();
    return store;
  }

  /**
   * Processes a finished tus upload into an unattached photo row, labelled with its uploader; a
   * refusal (PhotoRefused, an AppError) is recorded for its status.
   */
  private async storeUpload(upload: FinishedUpload) {
    // A retried finish (a client that lost the answer sends the last, empty PATCH again, or a phone
    // syncing a photo it captured offline resumes an upload that was already complete) answers the
    // same photo: one photo per tus upload id. The uploaded bytes are gone by then (scrubbed).
    const done = await this.photoOfUpload(upload.id);
    if (done) return done;
    const uploader = upload.uploader ?? { type: 'staff', id: null };
    try {
      const input = await this.files.readUpload(upload.key);
      const row = await this.store(input, {
        uploadId: upload.id,
        uploadedBy: `${uploader.type}:${uploader.id ?? ''}`,
      });
      await this.files.scrubUpload(upload.key, input.length);
      return row;
    } catch (error) {
      // Two finishes of one upload at once: the one that stored first made the photo of this upload
      // (the other's row broke the unique upload id and its files were deleted).
      const winner = await this.photoOfUpload(upload.id);
      if (winner) return winner;
      if (error instanceof PhotoRefused) await this.files.refuseUpload(upload.key, error.message);
      throw error;
    }
  }

  private async photoOfUpload(uploadId: string): Promise<PhotoRow | undefined> {
    const [row] = await this.options.db
      .select()
      .from(vehiclePhotos)
      .where(eq(vehiclePhotos.uploadId, uploadId));
    return row;
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
    const row = await this.photoOfUpload(uploadId);
    if (row) return { status: 'ready' as const, photo: toPhoto(row), message: null };
    const failed = await this.files.failedMessage(uploadId);
    if (failed !== null)
      return { status: 'failed' as const, photo: null, message: failed || PHOTO_TEXT.unreadable };
    return (await this.files.uploadExists(uploadId))
      ? { status: 'processing' as const, photo: null, message: null }
      : null;
  }
}
