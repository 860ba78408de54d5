import type { DemandOrdersQuery } from '@contracts/buy-orders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/buy-orders/demand: the open orders grouped, one aggregate (Admin → Demand). */
export const useDemand = () =>
  useQuery({ queryKey: queryKeys.admin.demand(), queryFn: () => readApi('buyOrderDemand') });

const NO_PAGE = { items: [], nextCursor: null, total: 0 };

/**
 * GET /api/buy-orders/demand/orders?…: every dealership's orders, or one group's, newest first, a
 * page at a time, searched by the server (issue #47).
 */
export const useDemandOrders = (query: DemandOrdersQuery) =>
  useQuery({
    queryKey: queryKeys.admin.demandOrders(query),
    queryFn: async () => (await readApi('buyOrderDemandOrders', { query })) ?? NO_PAGE,
    placeholderData: keepPreviousData,
  });
