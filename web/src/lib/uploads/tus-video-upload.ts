import { localUploadResultSchema } from '@contracts/upload';
import { ApiError, callApi } from '@/lib/api/api-client';
import { startTusUpload } from '@/lib/uploads/tus-upload';
import { videoTypeOf } from '@/lib/uploads/validate-video';
import {
  type UploadCallbacks,
  type UploadHandle,
  VideoUploadError,
  type VideoUploadResume,
} from '@/lib/uploads/video-upload';

/** tus chunk size: a dropped connection costs at most one chunk. */
export const TUS_CHUNK_SIZE = 5 * 1024 * 1024;

/**
 * A video to this server through the app's one tus client (lib/uploads/tus-upload.ts), resumable across
 * reloads (choosing the same file again continues it); once every byte is up, the accepted
 * video's URL is asked (GET /api/upload-results/:id).
 */
export function startVideoTusUpload(
  file: File,
  endpoint: string,
  callbacks: UploadCallbacks,
  resume: VideoUploadResume = {},
): UploadHandle {
  const handle = startTusUpload(file, {
    endpoint,
    uploadUrl: resume.uploadUrl,
    keepUploadUrl: resume.keepUploadUrl,
    chunkSize: TUS_CHUNK_SIZE,
    retryDelays: [0, 1000, 3000, 5000],
    metadata: { filename: file.name, filetype: videoTypeOf(file) },
    resumeAcrossReloads: true,
    onProgress: callbacks.onProgress,
    onResuming: callbacks.onResuming,
    onError: ({ message, status }) =>
      callbacks.onError(
        status === null
          ? new VideoUploadError('The connection was lost before the video finished uploading.', 'network')
          : new VideoUploadError(message, status >= 500 ? 'network' : 'refused', status),
      ),
    onFinished: (id) => {
      callbacks.onProcessing();
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
  return { retry: handle.resume, stop: handle.stop };
}
