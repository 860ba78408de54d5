import { queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/recon-packages/all: every reconditioning package, offered and retired (Admin → Reconditioning). */
export const reconPackagesQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.reconPackages(),
    queryFn: async () => (await readApi('adminReconPackages')) ?? [],
  });

export const useReconPackages = () => useQuery(reconPackagesQuery());
