import { IDEMPOTENCY_HEADER } from '@contracts/buying';
import type { TransportRequest } from '@contracts/delivery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, readApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { PurchasedVehicle } from './purchased-vehicle';

/** The signed-in person's own active code, shown in the dialog (the server picks the same one; docs/design.md §11). */
export const useActiveBuyCode = () =>
  useQuery({
    queryKey: queryKeys.dealerPortal.buyCodes(),
    queryFn: () => readApi('dealerBuyCodes'),
    select: (codes) => codes?.find((c) => c.active && c.mine)?.code ?? null,
  });

/** POST /api/dealer/purchases: Buy Now as the signed-in team member. */
export function useDealerPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.buying.purchase(),
    // Kept after the dialog closes, until the buyer closes its confirmation (PurchaseConfirmationHost).
    gcTime: Number.POSITIVE_INFINITY,
    // `vehicle` is not sent: it is what the confirmation shows (PurchaseConfirmationHost).
    mutationFn: ({
      vehicleId,
      idempotencyKey,
      reconPackageId,
      transport,
      floorPlanLineId,
    }: {
      vehicleId: number;
      idempotencyKey: string;
      vehicle: PurchasedVehicle;
      reconPackageId?: number | null;
      /** Certified delivery and a floor-plan line (docs/design.md §15). */
      transport?: TransportRequest;
      floorPlanLineId?: number;
    }) =>
      callApi('dealerPurchase', {
        body: {
          vehicleId,
          ...(reconPackageId ? { reconPackageId } : {}),
          ...(transport ? { transport } : {}),
          ...(floorPlanLineId ? { floorPlanLineId } : {}),
        },
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    onSuccess: (_result, { vehicleId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.detail(vehicleId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dealerPortal.all });
    },
  });
}

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dealerPortal.offers() }),
  });
}
