import { IDEMPOTENCY_HEADER } from '@contracts/buying';
import type { TransportRequest } from '@contracts/delivery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';
import type { PurchasedVehicle } from './purchased-vehicle';

/** What Buy Now sends, by code (anyone) or as a signed-in team member (dealer-purchase.ts). */
export interface PurchaseRequest {
  vehicleId: number;
  /** Not sent: what the confirmation shows (PurchaseConfirmationHost). */
  vehicle: PurchasedVehicle;
  /** The same key on a retry makes the server answer once (docs/design.md §4). */
  idempotencyKey: string;
  /** The reconditioning package chosen (docs/design.md §14). */
  reconPackageId?: number | null;
  /** Certified delivery and a floor-plan line (docs/design.md §15). */
  transport?: TransportRequest;
  floorPlanLineId?: number;
}

/** The request's body (the car and only what was chosen) and its Idempotency-Key header. */
export const purchaseCall = ({
  vehicleId,
  idempotencyKey,
  reconPackageId,
  transport,
  floorPlanLineId,
}: PurchaseRequest) => ({
  body: {
    vehicleId,
    ...(reconPackageId ? { reconPackageId } : {}),
    ...(transport ? { transport } : {}),
    ...(floorPlanLineId ? { floorPlanLineId } : {}),
  },
  headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
});

/**
 * Buy Now, whichever way it is sent: kept after the dialog closes, until the buyer closes its
 * confirmation (PurchaseConfirmationHost); a success refreshes the vehicle, the list and the
 * dealer's portal (docs/product.md §4).
 */
export function usePurchaseMutation<I extends PurchaseRequest, R>(send: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.buying.purchase(),
    gcTime: Number.POSITIVE_INFINITY,
    mutationFn: send,
    onSuccess: (_result, { vehicleId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.detail(vehicleId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dealerPortal.all });
    },
  });
}

/** POST /api/verify-code: Buy Now with a buy code. */
export const usePurchaseVehicle = () =>
  usePurchaseMutation(({ code, ...request }: PurchaseRequest & { code: string }) => {
    const { body, headers } = purchaseCall(request);
    return callApi('verifyCode', { body: { code, ...body }, headers });
  });
