import { type MediaConfig, mediaConfigSchema, VIDEO_UPLOAD_PATH } from '@contracts/upload';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';
import { startVideoTusUpload } from '@/lib/uploads/tus-video-upload';
import type { StartVideoUpload } from '@/lib/uploads/use-video-upload';
import { startCloudinaryUpload } from './cloudinary-upload';

/** GET /api/media/config: which storage backend takes the video (local tus or Cloudinary). */
export const mediaConfigQuery = () =>
  queryOptions({
    queryKey: queryKeys.upload.mediaConfig(),
    queryFn: async (): Promise<MediaConfig> => mediaConfigSchema.parse(await callApi('mediaConfig')),
  });

export const useMediaConfig = () => useQuery(mediaConfigQuery());

/** Where the wizard's video goes: Cloudinary when configured, else this server by tus. */
export function videoBackendOf(config: MediaConfig | undefined): StartVideoUpload | undefined {
  if (!config) return undefined;
  if (config.backend === 'cloudinary') return startCloudinaryUpload;
  // Cloudinary's direct upload is not resumable: a kept video is sent again whole.
  return (file, callbacks, resume) =>
    startVideoTusUpload(file, config.uploadUrl ?? VIDEO_UPLOAD_PATH, callbacks, resume);
}
