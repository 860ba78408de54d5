import type { DealerLoginBody } from '@contracts/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, readApi } from '@/lib/api-client';
import { displayStorage } from '@/lib/display-storage';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/dealer/me: the signed-in dealer, or null. */
export const dealerMeQuery = () =>
  queryOptions({ queryKey: queryKeys.auth.dealerMe(), queryFn: () => readApi('dealerMe') });
export const useDealerMe = () => useQuery(dealerMeQuery());

export function useDealerLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealerLoginBody) => callApi('dealerLogin', { body }),
    onSuccess: (dealer) => {
      displayStorage.setDealerName(dealer.dealerName);
      queryClient.setQueryData(queryKeys.auth.dealerMe(), dealer);
    },
  });
}

export function useDealerLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('dealerLogout'),
    onSettled: () => {
      displayStorage.setDealerName(null);
      queryClient.setQueryData(queryKeys.auth.dealerMe(), null);
    },
  });
}
