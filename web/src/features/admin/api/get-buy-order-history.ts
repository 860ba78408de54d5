import { useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/buy-orders/:id/history: one order's matches, alerts, first looks and outcomes (read when opened). */
export const useBuyOrderHistory = (orderId: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.admin.buyOrderHistory(orderId),
    queryFn: () => readApi('buyOrderHistory', { params: { id: orderId } }),
    enabled,
  });
