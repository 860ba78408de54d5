import type { DealerTransaction, OfferView } from '@contracts/buying';
import { deliveryToConfirm, isOwing, openClaimsOf, titleToConfirm } from '@contracts/dealer-tasks';
import { centsToDecimal } from '@contracts/money';
import type { HeldVehicle } from '@contracts/vehicle';
import { amountLeft, decimalToCents } from '@/lib/display/sale-state';

export type OpenClaim = DealerTransaction['claims'][number];

/** What waits on the dealer, soonest first in each kind: the dashboard's first view (issue #46). */
export interface NeedsYou {
  /** Sales with money left to pay, by due date. */
  owed: DealerTransaction[];
  /** The sum of what is left on them: the server's balances added up, nothing recomputed. */
  owedTotal: string;
  /** Counter offers waiting for the dealer's answer, the first to expire first. */
  counters: OfferView[];
  /** Deliveries our carrier finished that the dealer confirms. */
  deliveries: DealerTransaction[];
  /** Titles sent that the dealer confirms received. */
  titles: DealerTransaction[];
  /** Guarantee claims still open, the oldest first. */
  claims: { sale: DealerTransaction; claim: OpenClaim }[];
  /** Cars held for the dealership, the first look ending soonest first. */
  firstLooks: HeldVehicle[];
  /** How many things wait, all kinds together. */
  count: number;
}

const by =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a).localeCompare(key(b));

export function needsYouOf(
  transactions: readonly DealerTransaction[],
  offers: readonly OfferView[],
  firstLooks: readonly HeldVehicle[],
): NeedsYou {
  const owed = transactions.filter(isOwing).sort(by((t) => t.paymentDueAt));
  const counters = offers.filter((o) => o.status === 'countered').sort(by((o) => o.expiresAt));
  const deliveries = transactions.filter(deliveryToConfirm);
  const titles = transactions.filter(titleToConfirm);
  const claims = transactions
    .filter((sale) => !sale.cancelled)
    .flatMap((sale) => openClaimsOf(sale).map((claim) => ({ sale, claim })))
    .sort(by(({ claim }) => claim.openedAt));
  const held = [...firstLooks].sort(by((v) => v.firstLookUntil));
  return {
    owed,
    owedTotal: centsToDecimal(owed.reduce((sum, t) => sum + decimalToCents(amountLeft(t)), 0)),
    counters,
    deliveries,
    titles,
    claims,
    firstLooks: held,
    count: owed.length + counters.length + deliveries.length + titles.length + claims.length + held.length,
  };
}
