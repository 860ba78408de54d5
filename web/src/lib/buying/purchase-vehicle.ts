import { IDEMPOTENCY_HEADER } from '@contracts/buying';
import type { TransportRequest } from '@contracts/delivery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { PurchasedVehicle } from './purchased-vehicle';

interface PurchaseInput {
  code: string;
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

/** POST /api/verify-code: Buy Now. A success refreshes the vehicle and the list (docs/product.md §4). */
export function usePurchaseVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.buying.purchase(),
    // Kept after the dialog closes, until the buyer closes its confirmation (PurchaseConfirmationHost).
    gcTime: Number.POSITIVE_INFINITY,
    mutationFn: ({
      code,
      vehicleId,
      idempotencyKey,
      reconPackageId,
      transport,
      floorPlanLineId,
    }: PurchaseInput) =>
      callApi('verifyCode', {
        body: {
          code,
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
