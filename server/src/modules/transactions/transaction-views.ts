import type { AdminTransaction } from '@contracts/transactions';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dealers, dealerUsers, transactions, vehicles } from '../../db/schema';
import { vehicleNameColumns } from '../../db/vehicle-columns';
import { saleStatesOf } from './sale-timeline';

export const billOfSalePath = (transactionId: number) => `/api/transactions/${transactionId}/bill-of-sale`;

/** Transactions with vehicle and dealer name, newest first, in one query (no N+1). */
export async function findTransactionViews(db: Executor, where?: SQL): Promise<AdminTransaction[]> {
  const rows = await db
    .select({
      t: transactions,
      vehicle: vehicleNameColumns,
      dealerName: dealers.dealerName,
      boughtBy: dealerUsers.name,
    })
    .from(transactions)
    .innerJoin(vehicles, eq(vehicles.id, transactions.vehicleId))
    .innerJoin(dealers, eq(dealers.id, transactions.dealerId))
    .leftJoin(dealerUsers, eq(dealerUsers.id, transactions.buyerUserId))
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
  const states = await saleStatesOf(
    db,
    rows.map((r) => r.t),
  );
  return rows.map(({ t, vehicle, dealerName, boughtBy }, i) => ({
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
  }));
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
