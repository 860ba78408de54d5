import type { UpdateTransportOrderBody } from '@contracts/delivery';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

/** PATCH /api/transport-orders/:id: a team-arranged transport's next status, or its cancellation. */
export function useUpdateTransportOrder() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTransportOrderBody }) =>
      callApi('updateTransportOrder', { params: { id }, body }),
    onSettled: refresh,
  });
}
