import type { DealerSaleEventBody } from '@contracts/after-sale';
import type { DealerOffersQuery, DealerSalesQuery } from '@contracts/dealer-lists';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/dealer/buycodes */
export const useDealerBuyCodes = () =>
  useQuery({
    queryKey: queryKeys.dealerPortal.buyCodes(),
    queryFn: () => readApi('dealerBuyCodes'),
  });

/** GET /api/dealer/transactions/waiting: the live sales that wait on the dealer ("Needs you"). */
export const useDealerSalesWaiting = () =>
  useQuery({
    queryKey: queryKeys.dealerPortal.salesWaiting(),
    queryFn: () => readApi('dealerSalesWaiting'),
  });

/**
 * GET /api/dealer/transactions/page: a page of the dealership's sales (Purchases, Deliveries with
 * `live`, Documents), or the one a link names (`id`). Off (`enabled: false`) until it is needed.
 */
export const useDealerSalesPage = (query: DealerSalesQuery, enabled = true) =>
  useQuery({
    queryKey: queryKeys.dealerPortal.salesPage(query),
    queryFn: () => readApi('dealerSalesPage', { query }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET /api/dealer/offers/page: a page of the dealership's offers, or the one a link names (`id`). */
export const useDealerOffersPage = (query: DealerOffersQuery, enabled = true) =>
  useQuery({
    queryKey: queryKeys.dealerPortal.offersPage(query),
    queryFn: () => readApi('dealerOffersPage', { query }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** POST /api/dealer/offers/:id/respond: accept or decline the admin's counter. */
export function useRespondToCounter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, action }: { offerId: number; action: 'accept' | 'decline' }) =>
      callApi('respondToCounter', { params: { id: offerId }, body: { action } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.dealerPortal.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.all });
    },
  });
}

/** POST /api/dealer/transactions/:id/events: confirm the title arrived, or ask to unwind a late one. */
export function useRecordDealerSaleEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DealerSaleEventBody }) =>
      callApi('recordDealerSaleEvent', { params: { id }, body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.dealerPortal.transactions() });
    },
  });
}
