import { BUYING_TEXT } from '@contracts/buying';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';

/** The vehicle a purchase is for, as the buyer saw it: kept with the purchase for its confirmation. */
export interface PurchasedVehicle {
  id: number;
  title: string;
  price: string | null;
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
