import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * Admin actions cascade across entities (accepting an offer sells the car, creates a transaction
 * and declines the other offers on it; reactivating a sold car cancels its sale), so after any of
 * them the whole admin cache and the public vehicle list are refreshed rather than guessed at.
 */
export const refreshAdminData = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.all }),
  ]);

/**
 * For a mutation's onSettled. Deliberately not awaited: mutate()'s own callbacks (the toasts) run
 * only after onSettled settles and are dropped if the caller has unmounted by then, which the
 * refetch itself causes (a completed queue card, a listing moving between lists, an answered offer).
 */
export function useRefreshAdminData() {
  const queryClient = useQueryClient();
  return () => {
    void refreshAdminData(queryClient);
  };
}
