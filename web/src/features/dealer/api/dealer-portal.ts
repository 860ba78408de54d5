import type { DealerBuyCode, DealerTransaction, OfferView } from '@contracts/buying';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/dealer/buycodes */
export const useDealerBuyCodes = () =>
  useQuery({
    queryKey: queryKeys.dealerPortal.buyCodes(),
    queryFn: () => getJson<DealerBuyCode[]>('/api/dealer/buycodes'),
  });

/** GET /api/dealer/transactions */
export const useDealerTransactions = () =>
  useQuery({
    queryKey: queryKeys.dealerPortal.transactions(),
    queryFn: () => getJson<DealerTransaction[]>('/api/dealer/transactions'),
  });

/** GET /api/dealer/offers */
export const useDealerOffers = () =>
  useQuery({
    queryKey: queryKeys.dealerPortal.offers(),
    queryFn: () => getJson<OfferView[]>('/api/dealer/offers'),
  });

/** POST /api/dealer/offers/:id/respond: accept or decline the admin's counter. */
export function useRespondToCounter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, action }: { offerId: number; action: 'accept' | 'decline' }) =>
      apiRequest<OfferView>('POST', `/api/dealer/offers/${offerId}/respond`, { action }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.dealerPortal.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.all });
    },
  });
}
