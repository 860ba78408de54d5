import { queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * GET /api/work-orders: every work order with its tasks and photos, oldest promise first (Admin →
 * Reconditioning). Read again on every live change of work orders (lib/api/live-topics.ts).
 */
export const workOrderBoardQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.workOrderBoard(),
    queryFn: async () => (await readApi('listWorkOrders')) ?? [],
  });

export const useWorkOrderBoard = () => useQuery(workOrderBoardQuery());
