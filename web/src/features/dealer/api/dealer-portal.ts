import type { DealerSaleEventBody } from '@contracts/after-sale';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/dealer/buycodes */
export const useDealerBuyCodes = () =>
  useQuery({
    queryKey: queryKeys.dealerPortal.buyCodes(),
    queryFn: () => readApi('dealerBuyCodes'),
  });

/** GET /api/dealer/transactions */
export const useDealerTransactions = () =>
  useQuery({
    queryKey: queryKeys.dealerPortal.transactions(),
    queryFn: () => readApi('dealerTransactions'),
  });

/** GET /api/dealer/offers */
export const useDealerOffers = () =>
  useQuery({
    queryKey: queryKeys.dealerPortal.offers(),
    queryFn: () => readApi('dealerOffers'),
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
