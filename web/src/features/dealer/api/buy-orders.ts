import type { CreateBuyOrderBody, UpdateBuyOrderBody, UpdateSavedSearchBody } from '@contracts/buy-orders';
import type { DealerListQuery } from '@contracts/dealer-lists';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * GET /api/dealer/buy-orders/page: a page of the dealership's orders, newest first, with their
 * matches, or the one a link names (`id`). Off (`enabled: false`) until it is needed.
 */
export const useBuyOrdersPage = (query: DealerListQuery, enabled = true) =>
  useQuery({
    queryKey: queryKeys.dealerPortal.buyOrdersPage(query),
    queryFn: () => readApi('dealerBuyOrdersPage', { query }),
    placeholderData: keepPreviousData,
    enabled,
  });

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

/** GET /api/dealer/saved-searches/page: a page of the person's saved searches, or the one a link names. */
export const useSavedSearchesPage = (query: DealerListQuery, enabled = true) =>
  useQuery({
    queryKey: queryKeys.dealerPortal.savedSearchesPage(query),
    queryFn: () => readApi('dealerSavedSearchesPage', { query }),
    placeholderData: keepPreviousData,
    enabled,
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
