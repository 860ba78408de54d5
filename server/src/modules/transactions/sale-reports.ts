import { Readable } from 'node:stream';
import { PICKUP_STATUS_LABELS, SALE_STAGES, TITLE_STATUS_LABELS } from '@contracts/after-sale';
import { dateInZone, daysBetween } from '@contracts/business-days';
import { centsToDecimal, decimalToCents } from '@contracts/money';
import {
  type AdminTransaction,
  AGING_BUCKETS,
  type TransactionAging,
  type TransactionFilter,
} from '@contracts/transactions';
import { type Options, stringify } from 'csv-stringify';

const open = (t: AdminTransaction) => !t.cancelled;

/** The dealer still owes on an open sale: the one balance, after every charge (a package, a later delivery). */
export const owes = (t: AdminTransaction) => open(t) && !t.paidInFull;

/** Whether a sale is in one filter of the Transactions tab (its state from the one fold). */
export const inFilter = (t: AdminTransaction, filter: TransactionFilter) =>
  // A buyback cancels its sale: its refund can be late all the same.
  filter === 'claim_payment_late'
    ? t.claims.some((c) => c.paymentLate && c.case.payment?.paidOn === null)
    : open(t) &&
      {
        overdue: t.daysLate > 0,
        title_late: t.titleLate,
        unwind_requested: t.unwindRequested,
        open_claims: t.claims.some((c) => c.status === 'open'),
      }[filter];

/** What the dealer still owes: the ledger's balance when above zero (the one figure every view reads). */
const leftToPay = (t: AdminTransaction) => Math.max(0, decimalToCents(t.balance));

/**
 * Unpaid open sales by whole days since the sale day (in the sale's time zone), count and dollars
 * left, from sales read a batch at a time (constant memory).
 */
export async function agingOf(
  batches: AsyncIterable<AdminTransaction[]>,
  now = new Date(),
): Promise<TransactionAging> {
  const figures = AGING_BUCKETS.map((b) => ({ label: b.label, count: 0, cents: 0 }));
  for await (const views of batches)
    for (const t of views) {
      if (!owes(t)) continue;
      const zone = t.terms.timeZone;
      const days = daysBetween(dateInZone(new Date(t.createdAt), zone), dateInZone(now, zone));
      const index = AGING_BUCKETS.findLastIndex((b) => days >= b.minDays);
      const bucket = figures[Math.max(0, index)]!;
      bucket.count++;
      bucket.cents += leftToPay(t);
    }
  const total = figures.reduce((sum, b) => ({ count: sum.count + b.count, cents: sum.cents + b.cents }), {
    count: 0,
    cents: 0,
  });
  return {
    buckets: figures.map((b) => ({ label: b.label, count: b.count, amount: centsToDecimal(b.cents) })),
    total: { count: total.count, amount: centsToDecimal(total.cents) },
  };
}

const dateOf = (iso: string, zone: string) => dateInZone(new Date(iso), zone);

/**
 * The sales as CSV for accounting (RFC 4180 by csv-stringify), streamed as the batches come
 * (issue #47: constant memory at 100,000 rows). Cells that a spreadsheet would run as a formula
 * (starting with = + - @, tab or carriage return) are prefixed with ' so a dealer named
 * `=HYPERLINK(…)` stays text.
 */
export function transactionsCsv(batches: AsyncIterable<AdminTransaction[]>): Readable {
  const csv = stringify(CSV_OPTIONS);
  const records = Readable.from(
    (async function* () {
      for await (const views of batches) for (const t of views) yield csvRecord(t);
    })(),
  );
  records.on('error', (error) => csv.destroy(error));
  return records.pipe(csv);
}

const csvRecord = (t: AdminTransaction) => ({
  transaction: t.id,
  date: dateOf(t.createdAt, t.terms.timeZone),
  dealer: t.dealerName,
  year: t.vehicle.year ?? '',
  make: t.vehicle.make ?? '',
  model: t.vehicle.model ?? '',
  vin: t.vehicle.vin,
  // The deal part by part (ADR 0033): Price + Reconditioning + Delivery + Late fee − Credits =
  // Total due; Total due − Paid + Refunded = Left to pay − Refund owed. Every row adds up.
  price: t.deal.price,
  reconditioning: t.deal.reconditioning,
  delivery: t.deal.delivery,
  lateFee: t.deal.fees,
  credits: t.deal.credits,
  totalDue: t.deal.total,
  paid: t.paidAmount,
  refunded: t.refunded,
  leftToPay: centsToDecimal(leftToPay(t)),
  refundOwed: t.refundOwed,
  paymentDue: t.paymentDueOn,
  paidInFull: t.paidInFull ? 'yes' : 'no',
  daysLate: t.daysLate,
  status: t.cancelled ? 'cancelled' : t.status,
  stage: SALE_STAGES[t.stage],
  title: TITLE_STATUS_LABELS[t.titleStatus],
  pickup: PICKUP_STATUS_LABELS[t.pickupStatus],
});

const CSV_OPTIONS: Options = {
  header: true,
  escape_formulas: true,
  columns: [
    { key: 'transaction', header: 'Transaction' },
    { key: 'date', header: 'Date' },
    { key: 'dealer', header: 'Dealer' },
    { key: 'year', header: 'Year' },
    { key: 'make', header: 'Make' },
    { key: 'model', header: 'Model' },
    { key: 'vin', header: 'VIN' },
    { key: 'price', header: 'Price' },
    { key: 'reconditioning', header: 'Reconditioning' },
    { key: 'delivery', header: 'Delivery' },
    { key: 'lateFee', header: 'Late fee' },
    { key: 'credits', header: 'Credits' },
    { key: 'totalDue', header: 'Total due' },
    { key: 'paid', header: 'Paid' },
    { key: 'refunded', header: 'Refunded' },
    { key: 'leftToPay', header: 'Left to pay' },
    { key: 'refundOwed', header: 'Refund owed' },
    { key: 'paymentDue', header: 'Payment due' },
    { key: 'paidInFull', header: 'Paid in full' },
    { key: 'daysLate', header: 'Days late' },
    { key: 'status', header: 'Status' },
    { key: 'stage', header: 'Stage' },
    { key: 'title', header: 'Title' },
    { key: 'pickup', header: 'Pickup' },
  ],
};
