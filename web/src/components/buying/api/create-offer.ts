import { IDEMPOTENCY_HEADER, type OfferReceipt } from '@contracts/buying';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

interface OfferInput {
  vehicleId: number;
  amount: string;
  buyCode: string;
  idempotencyKey: string;
}

/** POST /api/vehicles/:id/offers: Make Offer. */
export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vehicleId, amount, buyCode, idempotencyKey }: OfferInput) =>
      apiRequest<OfferReceipt>(
        'POST',
        `/api/vehicles/${vehicleId}/offers`,
        { amount, buyCode },
        { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dealerPortal.offers() }),
  });
}
