import { queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * GET /api/transport-orders: every sale's certified delivery (Admin → Transport, docs/design.md §15).
 * Read again on a sale's live change (its key is under the transactions').
 */
export const transportBoardQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.transportBoard(),
    queryFn: async () => (await readApi('transportBoard')) ?? [],
  });

export const useTransportBoard = () => useQuery(transportBoardQuery());
