import { centsToDecimal, decimalToCents, formatAmount } from './money';

/**
 * The one deal total (docs/decisions/0033-one-deal-total.md), in a file small enough for the
 * listings to load: the parts a deal is made of, the sum of what the buyer commits (price +
 * reconditioning + delivery) and the limits on it. The sale's ledger folds its lines with these
 * (server transactions/sale-ledger.ts `dealOf`), the delivered price on a card and the Buy Now
 * dialog add the same parts with `committedTotal`, and the buyer's limits judge it with
 * `limitRefusal` on the server and in the dialog alike, so no two screens can disagree.
 */

/**
 * Which part of the deal a ledger line belongs to (issue #44): what a sale commits the dealership
 * to is price + reconditioning + delivery + fees − credits, each part named; payments and refunds
 * settle it. A cancelled delivery is a negative delivery line.
 */
export const DEAL_PARTS = {
  price: 'Price',
  reconditioning: 'Reconditioning',
  delivery: 'Delivery',
  fees: 'Fees',
  credits: 'Credits',
  payment: 'Payment',
  refund: 'Refund',
} as const;
export type DealPart = keyof typeof DEAL_PARTS;
/** The parts the buyer chooses (their limits apply to these): not fees, credits or money paid. */
const COMMITTED = ['price', 'reconditioning', 'delivery'] as const satisfies readonly DealPart[];
export type CommittedPart = (typeof COMMITTED)[number];
export const COMMITTED_PARTS: readonly DealPart[] = COMMITTED;

/** The committed parts in cents, added: a part absent or null counts as nothing. */
export const committedCents = (parts: Partial<Record<CommittedPart, number | null>>) =>
  COMMITTED.reduce((sum, part) => sum + (parts[part] ?? 0), 0);

/**
 * What a purchase commits the buyer to, as a decimal string: the car's price (or the accepted
 * amount) + the package + the delivery ("16200.00" + "1295.00" + "612.40" = "18107.40"). The card's
 * delivered price, the vehicle page and the Buy Now dialog's button all read this one sum; a sale
 * made with the same choices records it as its deal total.
 */
export const committedTotal = (parts: Partial<Record<CommittedPart, string | null | undefined>>) =>
  centsToDecimal(
    committedCents(
      Object.fromEntries(COMMITTED.map((part) => [part, parts[part] ? decimalToCents(parts[part]) : 0])),
    ),
  );

/** "This is over your per-vehicle limit of $20,000": the limit that refused a sale, said plainly. */
export const limitText = {
  perVehicle: (limit: string) => `This is over your per-vehicle limit of ${formatAmount(limit)}`,
  perDay: (limit: string, left: string) =>
    `This is over your daily limit of ${formatAmount(limit)} (${formatAmount(left)} left today)`,
};

/** A team member's limits (decimal strings; null = none). */
export interface BuyerLimits {
  perVehicleLimit: string | null;
  perDayLimit: string | null;
}

/**
 * Why a deal is over the buyer's limits, or null when it is within them (docs/decisions/0033):
 * `dealCents` is what the deal commits, `dayCents` everything the buyer committed today with it,
 * `thisDealTodayCents` the part of that from this deal (for the "left today" figure). The server
 * refuses a step with this text; the Buy Now dialog disables a choice and the button with it.
 */
export function limitRefusal(
  limits: BuyerLimits,
  figures: { dealCents: number; dayCents?: number; thisDealTodayCents?: number },
): string | null {
  if (limits.perVehicleLimit !== null && figures.dealCents > decimalToCents(limits.perVehicleLimit))
    return limitText.perVehicle(limits.perVehicleLimit);
  if (limits.perDayLimit === null || figures.dayCents === undefined) return null;
  const limit = decimalToCents(limits.perDayLimit);
  if (figures.dayCents <= limit) return null;
  const before = figures.dayCents - (figures.thisDealTodayCents ?? 0);
  return limitText.perDay(limits.perDayLimit, centsToDecimal(Math.max(0, limit - before)));
}

/**
 * The same judgement before a purchase, for a total about to be committed: `committedToday` is
 * what the buyer already committed today (GET /api/dealer/buyer-limits), the total adds to it.
 */
export const checkoutLimitRefusal = (
  limits: BuyerLimits & { committedToday: string },
  total: string | null,
) => {
  if (total === null) return null;
  const dealCents = decimalToCents(total);
  return limitRefusal(limits, {
    dealCents,
    dayCents: decimalToCents(limits.committedToday) + dealCents,
    thisDealTodayCents: dealCents,
  });
};
