import type { AcceptDeliveryBody } from '@contracts/delivery';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

/** POST /api/transactions/:id/delivery-confirmation/accept: a confirmation held for its odometer counts (issue #44). */
export function useAcceptDelivery() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AcceptDeliveryBody }) =>
      callApi('acceptDelivery', { params: { id }, body }),
    onSettled: refresh,
  });
}
