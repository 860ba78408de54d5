import { IDEMPOTENCY_HEADER } from '@contracts/buying';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';
import { offersChanged } from './create-offer';
import { type PurchaseRequest, purchaseCall, usePurchaseMutation } from './purchase-vehicle';

/** The signed-in person's own active code, shown in the dialog (the server picks the same one; docs/design.md §11). */
export const useActiveBuyCode = () =>
  useQuery({
    queryKey: queryKeys.dealerPortal.buyCodes(),
    queryFn: () => readApi('dealerBuyCodes'),
    select: (codes) => codes?.find((c) => c.active && c.mine)?.code ?? null,
  });

/** POST /api/dealer/purchases: Buy Now as the signed-in team member. */
export const useDealerPurchase = () =>
  usePurchaseMutation((request: PurchaseRequest) => callApi('dealerPurchase', purchaseCall(request)));

/** POST /api/dealer/offers: Make Offer as the signed-in team member. */
export function useDealerOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      vehicleId,
      amount,
      idempotencyKey,
      reconPackageId,
    }: {
      vehicleId: number;
      amount: string;
      idempotencyKey: string;
      reconPackageId?: number | null;
    }) =>
      callApi('dealerCreateOffer', {
        body: { vehicleId, amount, ...(reconPackageId ? { reconPackageId } : {}) },
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    onSuccess: () => offersChanged(queryClient),
  });
}
