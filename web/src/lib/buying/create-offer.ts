import { IDEMPOTENCY_HEADER } from '@contracts/buying';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dealerPortal.offers() }),
  });
}
