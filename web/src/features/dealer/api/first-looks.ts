import { useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * GET /api/dealer/first-looks: the cars held for the dealership now (docs/design.md §13). Read again
 * every minute, so a car whose time is up leaves the list without a reload.
 */
export const useFirstLooks = () =>
  useQuery({
    queryKey: queryKeys.dealerPortal.firstLooks(),
    queryFn: () => readApi('dealerFirstLooks'),
    refetchInterval: 60_000,
  });
