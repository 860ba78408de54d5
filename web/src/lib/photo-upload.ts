import type { Photo } from '@contracts/condition-report';
import { type DetailedError, Upload } from 'tus-js-client';
import { ApiError, callApi } from '@/lib/api-client';

/** tus endpoint of photo uploads (contracts/photos.ts PHOTO_UPLOAD_PATH). */
const PHOTO_UPLOAD_PATH = '/api/photo-uploads';
const CHUNK_SIZE = 2 * 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000];
/** The server processes a photo in about a second; give up on the status after this long. */
const PROCESSING_TIMEOUT_MS = 60_000;
const POLL_MS = 500;

export class PhotoUploadError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'PhotoUploadError';
  }
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
};
/** The file's type, or one guessed from its extension (phones often give HEIC files no type). */
const photoTypeOf = (file: File) =>
  file.type ||
  TYPES_BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''] ||
  'application/octet-stream';

function failure(error: Error | DetailedError): PhotoUploadError {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return new PhotoUploadError('The connection was lost before the photo finished uploading.');
  const status = response.getStatus();
  const body = response.getBody() ?? '';
  let message = body.trim() || `${status}`;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // A plain-text answer is the message itself.
  }
  return new PhotoUploadError(message, status);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks GET /api/photo-uploads/:id until the photo is processed (bounded). */
async function processedPhoto(uploadId: string): Promise<Photo> {
  const deadline = Date.now() + PROCESSING_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const answer = await callApi('photoUploadStatus', { params: { id: uploadId } }).catch(
      (error: unknown) => {
        throw error instanceof ApiError
          ? new PhotoUploadError(error.message, error.status)
          : new PhotoUploadError('The uploaded photo could not be confirmed.');
      },
    );
    if (answer.status === 'ready' && answer.photo) return answer.photo;
    if (answer.status === 'failed')
      throw new PhotoUploadError(answer.message ?? 'The photo could not be processed.');
    await wait(POLL_MS);
  }
  throw new PhotoUploadError('The photo is taking too long to process; try again.');
}

/**
 * Uploads one photo with the resumable tus protocol (a dropped connection is retried and
 * continues from the server's offset) and resolves with the processed, still unattached photo.
 * Shared by every photo upload of the app (the admin's condition editor; the wizard may use it).
 */
export function uploadPhoto(
  file: File,
  { onProgress, signal }: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<Photo> {
  return new Promise<Photo>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: PHOTO_UPLOAD_PATH,
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, filetype: photoTypeOf(file) },
      removeFingerprintOnSuccess: true,
      ...(onProgress ? { onProgress } : {}),
      onError: (error) => reject(failure(error)),
      onSuccess: () => {
        const id = new URL(upload.url ?? '', window.location.href).pathname.split('/').pop() ?? '';
        processedPhoto(id).then(resolve, reject);
      },
    });
    signal?.addEventListener('abort', () => {
      void upload.abort(true).catch(() => undefined);
      reject(new PhotoUploadError('Upload cancelled.'));
    });
    upload.start();
  });
}
