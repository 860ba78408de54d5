import { type MediaConfig, mediaConfigSchema } from '@contracts/upload';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/media/config: which storage backend takes the video (local tus or Cloudinary). */
export const mediaConfigQuery = () =>
  queryOptions({
    queryKey: queryKeys.upload.mediaConfig(),
    queryFn: async (): Promise<MediaConfig> => mediaConfigSchema.parse(await callApi('mediaConfig')),
  });

export const useMediaConfig = () => useQuery(mediaConfigQuery());
