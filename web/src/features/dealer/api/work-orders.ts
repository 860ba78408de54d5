import { useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/dealer/work-orders: the dealership's work orders (read again on every live change). */
export const useDealerWorkOrders = () =>
  useQuery({
    queryKey: queryKeys.dealerPortal.workOrders(),
    queryFn: () => readApi('dealerWorkOrders'),
  });
