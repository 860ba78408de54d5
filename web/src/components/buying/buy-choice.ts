import type { TransportRequest } from '@contracts/delivery';

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
}
