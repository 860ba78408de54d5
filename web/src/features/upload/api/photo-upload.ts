import { PHOTO_UPLOAD_PATH, type PhotoUploadStatus, photoUploadStatusSchema } from '@contracts/photos';
import { type DetailedError, Upload } from 'tus-js-client';
import { callApi } from '@/lib/api-client';
import { imageTypeOf } from '../photos/downscale';

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
