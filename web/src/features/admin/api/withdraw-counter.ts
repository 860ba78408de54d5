import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

/** POST /api/offers/:id/withdraw-counter: take back a counter the dealer has not answered. */
export function useWithdrawCounter() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: (id: number) => callApi('withdrawCounter', { params: { id } }),
    onSettled: refresh,
  });
}
