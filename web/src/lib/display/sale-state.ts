import type { SaleEvent, SaleState } from '@contracts/after-sale';
import { dateInZone } from '@contracts/business-days';
import { formatDay as formatCalendarDay, formatDayIn } from '@contracts/dates';
import { centsToDecimal, decimalToCents, formatAmount } from '@contracts/money';

/**
 * Reading a sale's clocks (contracts/after-sale.ts) for display, the same way on the admin's
 * Transactions tab and the dealer's dashboard. The server computes every state; this only words it.
 */

/** "15900.00" → 1590000, "-900.00" → -90000: the one decimal reader (contracts/money.ts). */
/** Dollars, with cents only when there are some: "$15,900", "$5,000.50" (contracts/money.ts). */
export { decimalToCents, formatAmount };

/** What the dealer still owes: the ledger's balance when above zero, as a decimal string. */
export const amountLeft = (state: Pick<SaleState, 'balance'>) =>
  centsToDecimal(Math.max(0, decimalToCents(state.balance)));

/**
 * A due date in the sale's own time zone: the clocks end at the end of a business day there, so
 * a reader elsewhere must not see the next day.
 */
export const formatDay = (iso: string, timeZone: string): string => formatDayIn(iso, timeZone);

/** Today as YYYY-MM-DD in the sale's time zone (the default date of a recorded step). */
export const todayIn = (timeZone: string) => dateInZone(new Date(), timeZone);

export const daysLateText = (days: number) => (days === 1 ? '1 day late' : `${days} days late`);

/** Text facts of the last step of a type on the timeline (null when there is none). */
function lastStepFacts<K extends string>(timeline: readonly SaleEvent[], type: SaleEvent['type'], keys: K[]) {
  const step = timeline.findLast((event) => event.type === type);
  if (!step) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return Object.fromEntries(keys.map((key) => [key, text(step.data[key])])) as Record<K, string>;
}

/** The carrier and tracking number of the last title shipment, if any. */
export const titleShipment = (timeline: readonly SaleEvent[]) =>
  lastStepFacts(timeline, 'title_sent', ['carrier', 'trackingNumber']);

/** The address and hours of the last "ready for pickup" step, if any. */
export const pickupPlace = (timeline: readonly SaleEvent[]) =>
  lastStepFacts(timeline, 'pickup_ready', ['address', 'hours']);

/** Who did a step, as the timeline says it. */
export const SALE_ACTORS: Record<SaleEvent['by'], string> = {
  admin: 'Admin',
  dealer: 'Dealer',
  system: 'System',
};

/** Texts both sides' screens share (and the journeys look for). */
export const SALE_LABELS = {
  paidInFull: 'Paid in full',
  refundOwed: 'Refund owed',
  ledger: 'Ledger',
  titleLate: 'Title late',
  unwindRequested: 'Unwind requested',
  claimOpen: 'Claim open',
  timeline: 'Timeline',
  gatePass: 'Gate pass code',
} as const;

/** Unpaid past the due date: the server's stage, read the same way by the admin and the dealer. */
export const isOverdue = (sale: Pick<SaleState, 'stage'>) => sale.stage === 'overdue';

/** A YYYY-MM-DD day as people read it: "Nov 30, 2026" (contracts/dates.ts). */
export const formatDate = (day: string) => formatCalendarDay(day);

/** The package an offer asks for, said as a part of its deal: "Front-line ready ($1,295)". */
export const packageText = (pack: { name: string; price: string }) =>
  `${pack.name} (${formatAmount(pack.price)})`;

/**
 * What accepting an offer or a counter sets off, as both confirmations say it (issue #27): the
 * final amount, the package the offer asked for (added to the sale: ADR 0033), what is then due
 * and when (the server's date), and that the car leaves once paid.
 */
export const acceptanceText = (
  amount: string,
  pack: { name: string; price: string } | null,
  paymentDueOn: string,
) => {
  const due = centsToDecimal(decimalToCents(amount) + (pack ? decimalToCents(pack.price) : 0));
  const withPackage = pack ? ` with the ${packageText(pack)} reconditioning package` : '';
  return `The vehicle is sold for ${formatAmount(amount)}${withPackage}. Payment of ${formatAmount(due)} is due by ${formatDate(paymentDueOn)}; the vehicle is released for pickup once it is paid.`;
};
