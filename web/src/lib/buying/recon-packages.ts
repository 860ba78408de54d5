import { useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/recon-packages: the reconditioning packages a buyer may choose (docs/design.md §14). */
export const useReconPackages = () =>
  useQuery({
    queryKey: queryKeys.buying.reconPackages(),
    queryFn: async () => (await readApi('listReconPackages')) ?? [],
    staleTime: 5 * 60_000,
  });
