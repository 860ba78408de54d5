import { type BuyerLimits, checkoutLimitRefusal, committedTotal } from '@contracts/deal-total';
import { DELIVERED_PRICE_TEXT } from '@contracts/delivered-price-texts';
import { centsToDecimal, decimalToCents } from '@contracts/money';
import { formatPrice } from './delivery-figures';

/** A member's limits and what they committed today (GET /api/dealer/buyer-limits). */
export type BuyerRoom = BuyerLimits & { committedToday: string };

/** What the buyer has chosen in the Buy Now dialog, as decimal strings (null: not chosen or not known). */
export interface CheckoutChoice {
  price: string | null;
  reconPrice: string | null;
  /** The delivery chosen and quoted (null: none, or not quoted yet). */
  deliveryPrice: string | null;
  /** Delivery to the dealership's own ZIP as quoted before it is chosen (the card's delivered price). */
  defaultDeliveryPrice: string | null;
}

/**
 * The Buy Now dialog's total and what the buyer's limits allow (issue #46), pure: the total is the
 * one committed total (contracts/deal-total.ts) and every refusal is the server's own words for
 * that total (`checkoutLimitRefusal`), so a choice is disabled here exactly when the purchase would
 * be refused. `buy`: why Buy Now is disabled; `package(price)`: why a package would take the total
 * over; `delivery`: why turning delivery on (to the dealership's ZIP) would — each only when that
 * choice is what takes it over. No limits, no refusals.
 */
export function checkoutLimits(room: BuyerRoom | null | undefined, choice: CheckoutChoice) {
  const { price, reconPrice, deliveryPrice, defaultDeliveryPrice } = choice;
  const totalWith = (recon: string | null, delivery: string | null) =>
    price === null ? null : committedTotal({ price, reconditioning: recon, delivery });
  const refusal = (total: string | null) => (room ? checkoutLimitRefusal(room, total) : null);
  const total = totalWith(reconPrice, deliveryPrice);
  const buy = refusal(total);
  // A choice is refused only when it is what takes the total over: when the car alone (or with the
  // rest chosen) is over already, Buy Now says so once.
  const withoutPackage = refusal(totalWith(null, deliveryPrice));
  return {
    total,
    buy,
    package: (packagePrice: string) =>
      withoutPackage === null ? refusal(totalWith(packagePrice, deliveryPrice)) : null,
    delivery:
      buy === null && deliveryPrice === null && defaultDeliveryPrice !== null
        ? refusal(totalWith(reconPrice, defaultDeliveryPrice))
        : null,
  };
}

/** "Your limits: $30,000 per vehicle, $60,000 per day ($15,000 left today)." (null: none). */
export function limitsText(room: BuyerRoom) {
  const parts = [
    room.perVehicleLimit ? DELIVERED_PRICE_TEXT.perVehicle(formatPrice(room.perVehicleLimit)) : null,
    room.perDayLimit
      ? DELIVERED_PRICE_TEXT.perDay(
          formatPrice(room.perDayLimit),
          formatPrice(
            centsToDecimal(
              Math.max(0, decimalToCents(room.perDayLimit) - decimalToCents(room.committedToday)),
            ),
          ),
        )
      : null,
  ].filter((part) => part !== null);
  return parts.length ? DELIVERED_PRICE_TEXT.yourLimits(parts.join(', ')) : null;
}
