import type { AdminSaleEventBody } from '@contracts/after-sale';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

/** POST /api/transactions/:id/events: one step of the sale's life (payment, title, pickup, unwind). */
export function useRecordSaleEvent() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminSaleEventBody }) =>
      callApi('recordSaleEvent', { params: { id }, body }),
    onSettled: refresh,
  });
}
