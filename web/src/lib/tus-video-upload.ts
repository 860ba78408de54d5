import { localUploadResultSchema } from '@contracts/upload';
import { type DetailedError, Upload } from 'tus-js-client';
import { ApiError, callApi } from '@/lib/api-client';
import { videoTypeOf } from '@/lib/validate-video';
import { type UploadCallbacks, type UploadHandle, VideoUploadError } from '@/lib/video-upload';

/** tus chunk size: a dropped connection costs at most one chunk. */
export const TUS_CHUNK_SIZE = 5 * 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000];

/** The server's `{message}` from a tus answer, else its text, else the status. */
function serverMessage(error: Error | DetailedError): VideoUploadError {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) {
    return new VideoUploadError('The connection was lost before the video finished uploading.', 'network');
  }
  const status = response.getStatus();
  const body = response.getBody() ?? '';
  let message = body.trim() || `${status}`;
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
    else if (typeof parsed.error === 'string') message = parsed.error;
  } catch {
    // A plain-text answer is the message itself.
  }
  return new VideoUploadError(message, status >= 500 ? 'network' : 'refused', status);
}

/**
 * Local backend: a resumable tus 1.0 upload. The upload URL is remembered (tus-js-client's URL
 * storage, keyed by the file's name, type, size and date), so choosing the same file again after a
 * reload resumes it; dropped requests are retried and continue from the server's offset.
 */
export function startTusUpload(file: File, endpoint: string, callbacks: UploadCallbacks): UploadHandle {
  let stopped = false;
  // A refusal of the content (415) already discarded the upload on the server: nothing to terminate.
  let discardedByServer = false;
  const upload = new Upload(file, {
    endpoint,
    chunkSize: TUS_CHUNK_SIZE,
    retryDelays: RETRY_DELAYS,
    metadata: { filename: file.name, filetype: videoTypeOf(file) },
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => callbacks.onProgress(sent, total),
    onError: (error) => {
      const failure = serverMessage(error);
      discardedByServer = failure.status === 415;
      callbacks.onError(failure);
    },
    onSuccess: () => {
      callbacks.onProcessing();
      const id = new URL(upload.url ?? '', window.location.href).pathname.split('/').pop() ?? '';
      callApi('uploadResult', { params: { id } })
        .then((answer) => callbacks.onSuccess(localUploadResultSchema.parse(answer)))
        .catch((error: unknown) =>
          callbacks.onError(
            error instanceof ApiError
              ? new VideoUploadError(error.message, 'refused', error.status)
              : new VideoUploadError('The uploaded video could not be confirmed.', 'network'),
          ),
        );
    },
  });

  void upload
    .findPreviousUploads()
    .catch(() => [])
    .then((previous) => {
      if (stopped) return;
      const latest = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (latest) {
        upload.resumeFromPreviousUpload(latest);
        callbacks.onResuming();
      }
      upload.start();
    });

  return {
    retry: () => {
      stopped = false;
      upload.start();
    },
    stop: async (discard) => {
      stopped = true;
      await upload.abort(discard && !discardedByServer).catch(() => undefined);
    },
  };
}
