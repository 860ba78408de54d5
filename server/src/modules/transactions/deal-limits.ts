import { COMMITTED_PARTS } from '@contracts/after-sale';
import { dateInZone } from '@contracts/business-days';
import { decimalToCents } from '@contracts/money';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { transactionEvents, transactions } from '../../db/schema';
import { assertWithinLimits, lockBuyer } from '../buyer-limits/check-buyer-limits';
import { eventsOf, stateOfRow } from './sale-timeline';

type SaleRow = typeof transactions.$inferSelect;

/** What the buyer chose on a sale, line by line: price, reconditioning and delivery (signed). */
function committedLines(row: SaleRow, events: Parameters<typeof stateOfRow>[1], now: Date) {
  const state = stateOfRow(row, events, now);
  return state.ledger
    .filter((line) => COMMITTED_PARTS.includes(line.part))
    .map((line) => ({
      on: line.on,
      cents: line.kind === 'credit' ? -decimalToCents(line.amount) : decimalToCents(line.amount),
    }));
}

/**
 * What a buyer committed (docs/decisions/0033-one-deal-total.md): `dealCents` on the sale
 * `saleId` (0 without one), `dayCents` everything they committed today (each sale's own time
 * zone's day) on any of their live sales, `thisDealTodayCents` the part of that from `saleId`. The
 * one reading of the buyer's figures: the limits check below, and the room left shown before a
 * purchase (GET /api/dealer/buyer-limits).
 */
export async function committedBy(
  db: Executor,
  buyerUserId: number,
  saleId: number | null,
  now = new Date(),
) {
  // The buyer's live sales with anything recorded in the last two days (today in any time zone).
  const recent = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.buyerUserId, buyerUserId),
        eq(transactions.cancelled, false),
        or(
          saleId === null ? undefined : eq(transactions.id, saleId),
          gt(transactions.createdAt, sql`now() - interval '2 days'`),
          sql`exists (select 1 from ${transactionEvents} e where e.transaction_id = ${transactions.id} and e.created_at > now() - interval '2 days')`,
        ),
      ),
    );
  const events = await eventsOf(
    db,
    recent.map((r) => r.id),
  );
  let dealCents = 0;
  let dayCents = 0;
  let thisDealTodayCents = 0;
  for (const row of recent) {
    const today = dateInZone(now, row.terms.timeZone);
    for (const line of committedLines(row, events.get(row.id) ?? [], now)) {
      if (row.id === saleId) dealCents += line.cents;
      if (line.on !== today) continue;
      dayCents += line.cents;
      if (row.id === saleId) thisDealTodayCents += line.cents;
    }
  }
  return { dealCents, dayCents, thisDealTodayCents };
}

/**
 * Limits apply to the deal total (docs/decisions/0033-one-deal-total.md): called in the DB
 * transaction of every step that commits the buyer's money — the sale (price + package + delivery
 * chosen at checkout), an accepted offer, a delivery ordered later — after that step's charges are
 * written, so what is checked is the ledger as it will be. The deal's commitment against the
 * per-vehicle limit; everything the buyer committed today, on any of their sales, against the
 * per-day limit. Throws (rolling the step back) when over; a sale without a named buyer has none.
 */
export async function assertDealWithinLimits(tx: Transaction, transactionId: number) {
  const [sale] = await tx.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!sale?.buyerUserId) return;
  const member = await lockBuyer(tx, sale.buyerUserId);
  assertWithinLimits(member, await committedBy(tx, sale.buyerUserId, sale.id));
}
