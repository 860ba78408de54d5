import { IDEMPOTENCY_HEADER } from '@contracts/buying';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

interface OfferInput {
  vehicleId: number;
  amount: string;
  buyCode: string;
  idempotencyKey: string;
  reconPackageId?: number | null;
}

/** POST /api/vehicles/:id/offers: Make Offer. */
export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vehicleId, amount, buyCode, idempotencyKey, reconPackageId }: OfferInput) =>
      callApi('createOffer', {
        params: { id: vehicleId },
        body: { amount, buyCode, ...(reconPackageId ? { reconPackageId } : {}) },
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    onSuccess: () => offersChanged(queryClient),
  });
}

/** An offer made: it shows on the dashboard and, pending, in the car's Buy Now (its delivered price). */
export function offersChanged(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.dealerPortal.offers() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.dealerPortal.deliveredPrices() });
}
