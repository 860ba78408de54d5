import type { AdminTransaction } from '@contracts/transactions';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dealers, dealerUsers, transactions, vehicles } from '../../db/schema';
import { vehicleNameColumns } from '../../db/vehicle-columns';
import { saleStatesOf } from './sale-timeline';

export const billOfSalePath = (transactionId: number) => `/api/transactions/${transactionId}/bill-of-sale`;

/** What a list of sales reads: which rows, in which order, how many (one more than a page). */
export interface ViewRead {
  where?: SQL;
  orderBy?: SQL[];
  limit?: number;
}

/**
 * Sales as the admin reads them, with vehicle and dealer name, in one query (no N+1), each with its
 * state from the one fold (sale-timeline.ts) computed for these rows only; newest first unless
 * `orderBy` says otherwise. `cursorKey` is the row's sort key as text (keyset-page.ts) when asked.
 */
export async function readTransactionViews(
  db: Executor,
  { where, orderBy = [desc(transactions.createdAt), desc(transactions.id)], limit }: ViewRead,
  cursorKey: SQL<string> = sql<string>`''`,
) {
  const query = db
    .select({
      t: transactions,
      vehicle: vehicleNameColumns,
      dealerName: dealers.dealerName,
      boughtBy: dealerUsers.name,
      cursorKey,
    })
    .from(transactions)
    .innerJoin(vehicles, eq(vehicles.id, transactions.vehicleId))
    .innerJoin(dealers, eq(dealers.id, transactions.dealerId))
    .leftJoin(dealerUsers, eq(dealerUsers.id, transactions.buyerUserId))
    .where(where)
    .orderBy(...orderBy);
  const rows = await (limit === undefined ? query : query.limit(limit));
  const states = await saleStatesOf(
    db,
    rows.map((r) => r.t),
  );
  return rows.map(({ t, vehicle, dealerName, boughtBy, cursorKey: key }, i) => ({
    id: t.id,
    cursorKey: key,
    view: {
      id: t.id,
      vehicleId: t.vehicleId,
      vehicle,
      dealerId: t.dealerId,
      dealerName,
      buyCodeId: t.buyCodeId,
      offerId: t.offerId,
      boughtBy,
      amount: t.amount,
      // The spec's paid flag, read from the ledger (the column is kept equal to it).
      isPaid: states[i]!.paidInFull,
      billOfSale: t.billOfSale,
      cancelled: t.cancelled,
      createdAt: t.createdAt.toISOString(),
      ...states[i]!,
    } satisfies AdminTransaction,
  }));
}

/** Transactions with vehicle and dealer name, newest first (every one `where` names). */
export async function findTransactionViews(db: Executor, where?: SQL): Promise<AdminTransaction[]> {
  return (await readTransactionViews(db, { where })).map((r) => r.view);
}

export async function getTransactionView(db: Executor, id: number) {
  const [view] = await findTransactionViews(db, eq(transactions.id, id));
  return view ?? null;
}

/** What a message about a transaction names: the vehicle, the dealer, the amount. */
export async function saleFactsOf(tx: Executor, sale: typeof transactions.$inferSelect) {
  const [row] = await tx
    .select({ vehicle: vehicles, dealerName: dealers.dealerName })
    .from(vehicles)
    .innerJoin(dealers, eq(dealers.id, sale.dealerId))
    .where(eq(vehicles.id, sale.vehicleId));
  return { vehicle: row!.vehicle, dealerName: row!.dealerName, amount: sale.amount, transactionId: sale.id };
}
