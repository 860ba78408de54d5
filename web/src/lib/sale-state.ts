import type { SaleEvent, SaleState } from '@contracts/after-sale';
import { dateInZone } from '@contracts/business-days';
import { centsToDecimal, formatUsd } from '@contracts/money';

/**
 * Reading a sale's clocks (contracts/after-sale.ts) for display, the same way on the admin's
 * Transactions tab and the dealer's dashboard. The server computes every state; this only words it.
 */

/** "15900.00" → 1590000 (0 for "0.00"); display arithmetic only, in integer cents. */
export function decimalToCents(decimal: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : 0;
}

/** Dollars, with cents only when there are some: "$15,900", "$5,000.50". */
export function formatAmount(decimal: string): string {
  const cents = decimalToCents(decimal);
  return formatUsd(cents / 100, { cents: cents % 100 !== 0 });
}

/** What is still owed (price plus any late fee, less what was recorded), as a decimal string. */
export const amountLeft = (state: Pick<SaleState, 'amountDue' | 'paidAmount'>) =>
  centsToDecimal(Math.max(0, decimalToCents(state.amountDue) - decimalToCents(state.paidAmount)));

/**
 * A due date in the sale's own time zone: the clocks end at the end of a business day there, so
 * a reader elsewhere must not see the next day.
 */
export function formatDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(new Date(iso));
}

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
  markedPaid: 'Marked paid',
  titleLate: 'Title late',
  unwindRequested: 'Unwind requested',
  claimOpen: 'Claim open',
  timeline: 'Timeline',
  gatePass: 'Gate pass code',
} as const;

/**
 * Unpaid past the due date (the server's clock), unless cancelled or marked paid by hand with the
 * spec's paid flag (a sale from before payments were recorded, or settled outside the app).
 */
export const isOverdue = (sale: Pick<SaleState, 'daysLate'> & { isPaid: boolean; cancelled: boolean }) =>
  !sale.cancelled && !sale.isPaid && sale.daysLate > 0;
