import type { AdminBuyCode, CreateDealerBody, Dealer } from '@contracts/dealers';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { useRefreshAdminData } from './refresh-admin-data';

export type CreatedDealer = Dealer & { buyCode: AdminBuyCode };

/** POST /api/dealers: the eleven fields; the answer carries the dealer's first buy code. */
export function useCreateDealer() {
  const refresh = useRefreshAdminData();
  return useMutation({
    mutationFn: (body: CreateDealerBody) => callApi('createDealer', { body }) as Promise<CreatedDealer>,
    onSettled: refresh,
  });
}
