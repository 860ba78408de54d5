import { useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/buy-orders/demand: open orders grouped, and every order (Admin → Demand). */
export const useDemand = () =>
  useQuery({ queryKey: queryKeys.admin.demand(), queryFn: () => readApi('buyOrderDemand') });
