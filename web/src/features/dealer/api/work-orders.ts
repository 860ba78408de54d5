import type { DealerListQuery } from '@contracts/dealer-lists';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * GET /api/dealer/work-orders/page: a page of the dealership's work orders, or the one a link names
 * (`id`); read again on every live change (under `workOrders`). Off (`enabled: false`) until needed.
 */
export const useDealerWorkOrdersPage = (query: DealerListQuery, enabled = true) =>
  useQuery({
    queryKey: queryKeys.dealerPortal.workOrdersPage(query),
    queryFn: () => readApi('dealerWorkOrdersPage', { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
