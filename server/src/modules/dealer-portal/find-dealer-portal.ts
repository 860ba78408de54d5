import type { DealerBuyCode, DealerTransaction, OfferView } from '@contracts/buying';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buyCodes, dealers, dealerUsers, offers, transactions, vehicles } from '../../db/schema';
import type { SessionMember } from '../../lib/sessions';
import { toDealerBuyCode } from '../buy-codes/buy-code-views';
import { isHeldBy } from '../buy-codes/code-holder';
import { usableBuyCode } from '../buy-codes/find-usable-buy-code';
import { expireOffers } from '../offers/expire-offers';
import { findOfferViews } from '../offers/find-offers';
import { saleStatesOf } from '../transactions/sale-timeline';
import { billOfSalePath } from '../transactions/transaction-views';

/**
 * A dealer's own buy codes; `active` means usable now, by the same rule sign-in and buying use. In a
 * team (docs/design.md §11) a member sees only the codes they hold, an owner all of them with their
 * holders, a viewer none.
 */
export async function findDealerBuyCodes(
  db: Database,
  dealerId: number,
  member: SessionMember | null,
): Promise<DealerBuyCode[]> {
  if (member?.role === 'viewer') return [];
  const rows = await db
    .select({ c: buyCodes, usable: sql<boolean>`${usableBuyCode}`, holderName: dealerUsers.name })
    .from(buyCodes)
    .innerJoin(dealers, eq(dealers.id, buyCodes.dealerId))
    .leftJoin(dealerUsers, eq(dealerUsers.id, buyCodes.dealerUserId))
    .where(eq(buyCodes.dealerId, dealerId))
    .orderBy(desc(buyCodes.createdAt), desc(buyCodes.id));
  const visible = [];
  for (const row of rows) {
    const mine = !member || (await isHeldBy(db, row.c, member.id));
    if (mine || member?.role === 'owner') visible.push({ ...row, mine });
  }
  return visible.map(({ c, usable, holderName, mine }) => toDealerBuyCode(c, { usable, holderName, mine }));
}

/** A dealer's own transactions, newest first, with the vehicle's year, make and model and the life of each sale. */
export async function findDealerTransactions(
  db: Database,
  dealerId: number,
  transactionId?: number,
): Promise<DealerTransaction[]> {
  const rows = await db
    .select({
      t: transactions,
      vehicle: { year: vehicles.year, make: vehicles.make, model: vehicles.model },
      boughtBy: dealerUsers.name,
    })
    .from(transactions)
    .leftJoin(vehicles, eq(vehicles.id, transactions.vehicleId))
    .leftJoin(dealerUsers, eq(dealerUsers.id, transactions.buyerUserId))
    .where(
      and(
        eq(transactions.dealerId, dealerId),
        transactionId === undefined ? undefined : eq(transactions.id, transactionId),
      ),
    )
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
  const states = await saleStatesOf(
    db,
    rows.map((r) => r.t),
  );
  return rows.map(({ t, vehicle, boughtBy }, i) => ({
    id: t.id,
    vehicleId: t.vehicleId,
    vehicle,
    createdAt: t.createdAt.toISOString(),
    amount: t.amount,
    boughtBy,
    isPaid: states[i]!.paidInFull,
    cancelled: t.cancelled,
    billOfSale: billOfSalePath(t.id),
    ...states[i]!,
  }));
}

/** A dealer's own offers with their activity; offers past their window show as expired first. */
export async function findDealerOffers(db: Database, dealerId: number): Promise<OfferView[]> {
  await expireOffers(db);
  return findOfferViews(db, eq(offers.dealerId, dealerId));
}
