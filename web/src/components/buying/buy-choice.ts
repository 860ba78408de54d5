import type { TransportRequest } from '@contracts/delivery';
import type { PurchaseRequest } from '@/lib/buying/purchase-vehicle';
import type { PurchasedVehicle } from '@/lib/buying/purchased-vehicle';

/** Certified delivery and the floor-plan line sent with Buy Now (docs/design.md §15). */
export interface CheckoutExtras {
  transport?: TransportRequest;
  floorPlanLineId?: number;
}

/** What the buyer chose beside the car: the package, delivery and how to pay, and the sale's total. */
export interface BuyChoice {
  reconPackageId: number | null;
  total: string | null;
  /** The buy button's words: "Buy for $18,107" ("… + delivery" when it is priced at purchase). */
  label: string;
  /** What is sent besides the car; null while the delivery form is incomplete (`reveal` says why). */
  extras: CheckoutExtras | null;
  reveal: () => void;
  /** Why Buy Now is disabled: the total is over the buyer's limits (the server's own words), or null. */
  refusal: string | null;
}

/** Buy Now's request for this car with what the buyer chose (the code, if any, is added by its form). */
export const purchaseOf = (
  vehicle: PurchasedVehicle,
  idempotencyKey: string,
  choice: BuyChoice,
): PurchaseRequest => ({
  vehicleId: vehicle.id,
  vehicle,
  idempotencyKey,
  reconPackageId: choice.reconPackageId,
  ...choice.extras,
});
