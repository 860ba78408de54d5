import type { AdminWorkOrdersQuery } from '@contracts/work-orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

const NO_PAGE = {
  items: [],
  nextCursor: null,
  total: 0,
  counts: { all: 0, to_do: 0, in_progress: 0, done: 0, cancelled: 0, overdue: 0 },
};

/**
 * GET /api/admin/work-orders?…: one page of work orders with their tasks and photos, filtered,
 * searched and sorted by the server, with the counts of each state (Admin → Reconditioning; issue
 * #47). Read again on every live change of work orders (lib/api/live-topics.ts).
 */
export const workOrdersPageQuery = (query: AdminWorkOrdersQuery) =>
  queryOptions({
    queryKey: queryKeys.admin.workOrderBoard(query),
    queryFn: async () => (await readApi('adminWorkOrders', { query })) ?? NO_PAGE,
    // The page shown stays while the next one loads (no flash of placeholders on Next).
    placeholderData: keepPreviousData,
  });

export const useWorkOrdersPage = (query: AdminWorkOrdersQuery) => useQuery(workOrdersPageQuery(query));
