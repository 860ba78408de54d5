import type { DealerBuyCode, DealerTransaction } from '@contracts/buying';
import type { TransactionStatus } from '@contracts/limits';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buyCodes, transactions, vehicles } from '../../db/schema';

/** A dealer's own buy codes; `active` means usable now (active, unexpired, uses left). */
export async function findDealerBuyCodes(db: Database, dealerId: number): Promise<DealerBuyCode[]> {
  const rows = await db
    .select()
    .from(buyCodes)
    .where(eq(buyCodes.dealerId, dealerId))
    .orderBy(desc(buyCodes.createdAt), desc(buyCodes.id));
  const now = Date.now();
  return rows.map((c) => ({
    id: c.id,
    code: c.code,
    active:
      c.active &&
      (!c.expiresAt || c.expiresAt.getTime() > now) &&
      (c.maxUses === null || c.usageCount < c.maxUses),
    usageCount: c.usageCount,
    maxUses: c.maxUses,
    expiresAt: c.expiresAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
  }));
}

/** A dealer's own transactions, newest first, with the vehicle's year, make and model. */
export async function findDealerTransactions(db: Database, dealerId: number): Promise<DealerTransaction[]> {
  const rows = await db
    .select({ t: transactions, vehicle: { year: vehicles.year, make: vehicles.make, model: vehicles.model } })
    .from(transactions)
    .leftJoin(vehicles, eq(vehicles.id, transactions.vehicleId))
    .where(eq(transactions.dealerId, dealerId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
  return rows.map(({ t, vehicle }) => ({
    id: t.id,
    vehicleId: t.vehicleId,
    vehicle,
    createdAt: t.createdAt.toISOString(),
    amount: t.amount,
    status: t.status as TransactionStatus,
    isPaid: t.isPaid,
    cancelled: t.cancelled,
  }));
}
