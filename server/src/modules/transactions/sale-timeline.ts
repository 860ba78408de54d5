import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transactionEvents, type transactions } from '../../db/schema';
import { type StoredSaleEvent, saleStateOf } from './sale-state';

/** The timelines of some transactions, oldest step first. */
export async function eventsOf(db: Executor, transactionIds: number[]) {
  const byTransaction = new Map<number, StoredSaleEvent[]>();
  if (transactionIds.length === 0) return byTransaction;
  const rows = await db
    .select()
    .from(transactionEvents)
    .where(inArray(transactionEvents.transactionId, transactionIds))
    .orderBy(asc(transactionEvents.id));
  for (const row of rows) {
    const list = byTransaction.get(row.transactionId) ?? [];
    list.push(row);
    byTransaction.set(row.transactionId, list);
  }
  return byTransaction;
}

export const stateOfRow = (
  row: typeof transactions.$inferSelect,
  events: readonly StoredSaleEvent[],
  now = new Date(),
) =>
  saleStateOf(
    { amount: row.amount, createdAt: row.createdAt, cancelled: row.cancelled, terms: row.terms },
    events,
    now,
  );
