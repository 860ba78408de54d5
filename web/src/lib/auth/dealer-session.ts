import type { DealerInfo, DealerLoginBody } from '@contracts/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi, readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';
import { displayStorage } from '@/lib/storage/display-storage';

/** GET /api/dealer/me: the signed-in dealer, or null. */
export const dealerMeQuery = () =>
  queryOptions({ queryKey: queryKeys.auth.dealerMe(), queryFn: () => readApi('dealerMe') });
export const useDealerMe = () => useQuery(dealerMeQuery());

/**
 * The signed-in dealer, or null. Asked of the server only where a dealer signed in on this browser
 * (the display-only name the sign-in keeps, docs/product.md §3), so an anonymous visit makes no request; read
 * after hydration, as the server renders every page signed out (ADR 0016).
 */
export function useSignedInDealer(): DealerInfo | null {
  const [maySignedIn, setMaySignedIn] = useState(false);
  useEffect(() => setMaySignedIn(displayStorage.getDealerName() !== null), []);
  const me = useQuery({ ...dealerMeQuery(), enabled: maySignedIn });
  return me.data ?? null;
}

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
      const me = queryKeys.auth.dealerMe();
      queryClient.setQueryData(me, null);
      // A read of who is signed in still on its way (the live stream's catch-up asks it once a
      // dashboard the app navigated to is idle; a replayed change asks it too) would answer
      // "signed in" after this and put the dealer back in the header: cancelled (which restores what it found), then cleared again. Not awaited: callers
      // use mutate() with their own callbacks (docs/conventions.md habit 6).
      void queryClient.cancelQueries({ queryKey: me }).then(() => queryClient.setQueryData(me, null));
    },
  });
}
