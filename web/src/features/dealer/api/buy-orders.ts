import type { CreateBuyOrderBody, UpdateBuyOrderBody, UpdateSavedSearchBody } from '@contracts/buy-orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/dealer/buy-orders: the dealership's orders, newest first, with their matches. */
export const useBuyOrders = () =>
  useQuery({ queryKey: queryKeys.dealerPortal.buyOrders(), queryFn: () => readApi('dealerBuyOrders') });

/** POST /api/dealer/buy-orders */
export function useCreateBuyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBuyOrderBody) => callApi('createBuyOrder', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dealerPortal.buyOrders() }),
  });
}

/** PATCH /api/dealer/buy-orders/:id: pause, resume or cancel. */
export function useUpdateBuyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateBuyOrderBody }) =>
      callApi('updateBuyOrder', { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dealerPortal.buyOrders() }),
  });
}

/** GET /api/dealer/saved-searches: the signed-in person's saved searches. */
export const useSavedSearches = () =>
  useQuery({
    queryKey: queryKeys.dealerPortal.savedSearches(),
    queryFn: () => readApi('dealerSavedSearches'),
  });

/** DELETE /api/dealer/saved-searches/:id */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('deleteSavedSearch', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dealerPortal.savedSearches() }),
  });
}

/** PATCH /api/dealer/saved-searches/:id: alerts on or off, and how they arrive. */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateSavedSearchBody }) =>
      callApi('updateSavedSearch', { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dealerPortal.savedSearches() }),
  });
}
