import type { Photo } from '@contracts/condition-report';
import { PHOTO_UPLOAD_PATH, type PhotoUploadStatus, photoUploadStatusSchema } from '@contracts/photos';
import { type DetailedError, Upload } from 'tus-js-client';
import { ApiError, callApi } from '@/lib/api-client';

/*
 * Photo uploads (issue #17), one tus client for the wizard (a queue of many) and the admin's
 * condition editor (one at a time, awaited): tus with resume, then the server's processing.
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

function failureOf(error: Error | DetailedError): PhotoUploadError {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response)
    return new PhotoUploadError('The connection was lost; it resumes when you retry.', null, true);
  const status = response.getStatus();
  const body = response.getBody() ?? '';
  let message = body.trim() || `${status}`;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // A plain-text answer is the message itself.
  }
  return new PhotoUploadError(message, status, status >= 500 || status === 401 || status === 429);
}

export interface PhotoUploadEvents {
  onProgress: (sent: number, total: number) => void;
  /** The bytes are up; `uploadId` is what GET /api/photo-uploads/:id takes. */
  onUploaded: (uploadId: string) => void;
  onError: (error: PhotoUploadError) => void;
}

export interface PhotoUploadHandle {
  /** After a failure: continue from the server's offset. */
  resume: () => void;
  /** Stop sending; `discard` deletes the partial upload on the server. */
  stop: (discard: boolean) => Promise<void>;
}

/**
 * One photo through tus. Resuming is within this page's life (the Upload keeps its URL and asks
 * the server for the offset); fingerprints are not stored, because camera files often share a
 * name ("image.jpg") and two photos must never be taken for one.
 */
export function startPhotoUpload(file: File, events: PhotoUploadEvents): PhotoUploadHandle {
  let refused = false;
  const upload = new Upload(file, {
    endpoint: PHOTO_UPLOAD_PATH,
    chunkSize: PHOTO_CHUNK_SIZE,
    retryDelays: RETRY_DELAYS,
    metadata: { filename: file.name, filetype: imageTypeOf(file) || 'application/octet-stream' },
    storeFingerprintForResuming: false,
    onProgress: (sent, total) => events.onProgress(sent, total),
    onError: (error) => {
      const failure = failureOf(error);
      refused = !failure.retryable;
      events.onError(failure);
    },
    onSuccess: () => {
      const id = new URL(upload.url ?? '', window.location.href).pathname.split('/').pop() ?? '';
      events.onUploaded(id);
    },
  });
  upload.start();
  return {
    resume: () => upload.start(),
    stop: async (discard) => {
      await upload.abort(discard && !refused).catch(() => undefined);
    },
  };
}

/** The server processes a photo in about a second; give up on the status after this long. */
const PROCESSING_TIMEOUT_MS = 60_000;
const POLL_MS = 500;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks GET /api/photo-uploads/:id until the photo is processed (bounded). */
async function processedPhoto(uploadId: string): Promise<Photo> {
  const deadline = Date.now() + PROCESSING_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const answer = await fetchPhotoUploadStatus(uploadId).catch((error: unknown) => {
      throw error instanceof ApiError
        ? new PhotoUploadError(error.message, error.status, false)
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
  { onProgress, signal }: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<Photo> {
  return new Promise<Photo>((resolve, reject) => {
    const handle = startPhotoUpload(file, {
      onProgress: (sent, total) => onProgress?.(sent, total),
      onUploaded: (uploadId) => processedPhoto(uploadId).then(resolve, reject),
      onError: reject,
    });
    signal?.addEventListener('abort', () => {
      void handle.stop(true);
      reject(new PhotoUploadError('Upload cancelled.', null, false));
    });
  });
}
