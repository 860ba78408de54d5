import type { Photo } from '@contracts/condition-report';
import { PHOTO_UPLOAD_PATH, type PhotoUploadStatus, photoUploadStatusSchema } from '@contracts/photos';
import { ApiError, callApi } from '@/lib/api/api-client';
import { smallestOf } from '@/lib/uploads/photo-queue';
import { startTusUpload } from '@/lib/uploads/tus-upload';

/*
 * Photo uploads (issue #17) for the wizard's and a claim's queue (lib/uploads/use-photo-uploads.ts) and the
 * admin's condition editor (one at a time, awaited): tus with resume; the request that completes
 * an upload answers with the processed photo.
 */

/** Some pickers hand over a photo without a type; its extension then says what it is. */
export function imageTypeOf(file: Pick<File, 'name' | 'type'>): string {
  if (file.type) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const byExtension: Record<string, string> = {
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    png: 'image/png',
    webp: 'image/webp',
    heic: 'image/heic',
    heif: 'image/heif',
  };
  return byExtension[extension] ?? '';
}

/** A dropped connection costs at most one chunk; most downscaled photos fit in one or two. */
export const PHOTO_CHUNK_SIZE = 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000];

/** GET /api/photo-uploads/:id (staff): whether the server has made the photo's variants yet. */
export async function fetchPhotoUploadStatus(uploadId: string): Promise<PhotoUploadStatus> {
  return photoUploadStatusSchema.parse(await callApi('photoUploadStatus', { params: { id: uploadId } }));
}

export class PhotoUploadError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** A dropped connection or a server hiccup: trying again resumes. A refusal (415, 413) does not. */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'PhotoUploadError';
  }
}

export interface PhotoUploadEvents {
  onProgress: (sent: number, total: number) => void;
  /**
   * The bytes are up. `photo` is the processed photo the completing request answered with; null
   * when that answer was lost (an upload found complete on resuming): `waitForPhoto(uploadId)` asks.
   */
  onUploaded: (uploadId: string, photo: Photo | null) => void;
  onError: (error: PhotoUploadError) => void;
}

export interface PhotoUploadHandle {
  /** After a failure: continue from the server's offset. */
  resume: () => void;
  /** Stop sending; `discard` deletes the partial upload on the server. */
  stop: (discard: boolean) => Promise<void>;
}

/**
 * A photo kept on the phone (the capture store, issue #34): its upload's URL is written before any
 * byte is sent, and a later attempt (after a reload, a kill, on another day) continues that upload.
 */
export interface PhotoUploadResume {
  uploadUrl?: string | null;
  keepUploadUrl?: (url: string) => Promise<void>;
}

/**
 * One photo through the app's tus client (lib/uploads/tus-upload.ts). Resuming is within this page's life
 * (the upload keeps its URL and asks the server for the offset); fingerprints are not stored,
 * because camera files often share a name ("image.jpg") and two photos must never be taken for one.
 */
export function startPhotoUpload(
  file: File,
  events: PhotoUploadEvents,
  resume: PhotoUploadResume = {},
): PhotoUploadHandle {
  return startTusUpload(file, {
    endpoint: PHOTO_UPLOAD_PATH,
    uploadUrl: resume.uploadUrl,
    keepUploadUrl: resume.keepUploadUrl,
    chunkSize: PHOTO_CHUNK_SIZE,
    retryDelays: RETRY_DELAYS,
    metadata: { filename: file.name, filetype: imageTypeOf(file) || 'application/octet-stream' },
    resumeAcrossReloads: false,
    onProgress: events.onProgress,
    onError: ({ message, status, retryable }) =>
      events.onError(
        new PhotoUploadError(
          message || 'The connection was lost; it resumes when you retry.',
          status,
          retryable,
        ),
      ),
    onFinished: (uploadId, answer) => {
      const parsed = photoUploadStatusSchema.safeParse(answer);
      events.onUploaded(
        uploadId,
        parsed.success && parsed.data.status === 'ready' ? parsed.data.photo : null,
      );
    },
  });
}

/** The server processes a photo in about a second; give up on the status after this long. */
const PROCESSING_TIMEOUT_MS = 120_000;
const POLL_MS = 500;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks GET /api/photo-uploads/:id until the photo is processed (bounded): only for an upload whose
 * completing answer was lost. `isCancelled` stops asking (the photo was removed meanwhile).
 */
export async function waitForPhoto(
  uploadId: string,
  isCancelled: () => boolean = () => false,
): Promise<Photo> {
  const deadline = Date.now() + PROCESSING_TIMEOUT_MS;
  while (Date.now() < deadline && !isCancelled()) {
    const answer = await fetchPhotoUploadStatus(uploadId).catch((error: unknown) => {
      throw error instanceof ApiError
        ? new PhotoUploadError(error.message, error.status, error.status >= 500 || error.status === 401)
        : new PhotoUploadError('The uploaded photo could not be confirmed.', null, true);
    });
    if (answer.status === 'ready' && answer.photo) return answer.photo;
    if (answer.status === 'failed')
      throw new PhotoUploadError(answer.message ?? 'The photo could not be processed.', null, false);
    await wait(POLL_MS);
  }
  throw new PhotoUploadError('The photo is taking too long to process; try again.', null, true);
}

/**
 * One photo, awaited: uploaded (a dropped connection is retried from the server's offset), then
 * processed; resolves with the processed, still unattached photo.
 */
export function uploadPhoto(
  file: File,
  {
    onProgress,
    signal,
    ...resume
  }: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal } & PhotoUploadResume = {},
): Promise<Photo> {
  return new Promise<Photo>((resolve, reject) => {
    const handle = startPhotoUpload(
      file,
      {
        onProgress: (sent, total) => onProgress?.(sent, total),
        onUploaded: (uploadId, photo) =>
          photo ? resolve(photo) : waitForPhoto(uploadId).then(resolve, reject),
        onError: (error) => {
          // Given up (its retries spent): stop, so nothing keeps sending behind the caller's back.
          void handle.stop(false);
          reject(error);
        },
      },
      resume,
    );
    signal?.addEventListener('abort', () => {
      void handle.stop(true);
      reject(new PhotoUploadError('Upload cancelled.', null, false));
    });
  });
}

/** A processed photo's smallest JPEG (what a queue shows after a reload). */
export const smallestOfPhoto = (photo: Photo) => smallestOf(photo.srcset.jpeg, photo.src);
