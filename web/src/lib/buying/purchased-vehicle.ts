import { BUYING_TEXT } from '@contracts/buying';
import { ApiError } from '@/lib/api/api-client';
import { formatMoney } from '@/lib/display/format';

/** The vehicle a purchase is for, as the buyer saw it: kept with the purchase for its confirmation. */
export interface PurchasedVehicle {
  id: number;
  title: string;
  price: string | null;
  /** Its certification (vehicles.condition): the guarantee it is sold with follows from it. */
  condition?: string | null;
  /**
   * What was chosen with it, as the dialog showed it (docs/design.md §14, §15), so the confirmation tells
   * the same story: the sale's total, where it is delivered, and the floor-plan line paying for it.
   */
  checkout?: PurchaseCheckout;
}

export interface PurchaseCheckout {
  /** Price + package + delivery; null when the delivery is priced at purchase (no session to quote). */
  total: string | null;
  /** A package other than as inspected. */
  reconName: string | null;
  /** The delivery address, when certified delivery was ordered. */
  deliveryTo: string | null;
  /** "NextGear Capital ••••8214" when a floor-plan line pays. */
  floorPlanLine: string | null;
}

/** "Buy for $18,750": the button says what it does (issue #26); without a price, 'Buy Now'. */
export const buyForLabel = (price: string | null) =>
  price === null ? 'Buy Now' : `Buy for ${formatMoney(price)}`;

/**
 * What a refused purchase tells the buyer: the server's own message (a wrong code keeps the spec's
 * 'Invalid buy code. Please try again.'; an expired or used-up code, an inactive dealership or a
 * car already sold each have theirs), verbatim; the spec's message when no answer came (network,
 * server error).
 */
export const purchaseRefusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message.trim() !== ''
    ? error.message
    : BUYING_TEXT.buyFailure;
