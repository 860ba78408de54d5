import type { DealerBuyCode, DealerTransaction, OfferView } from '@contracts/buying';
import type {
  DealerSalesPage,
  dealerOffersQuerySchema,
  dealerSalesQuerySchema,
} from '@contracts/dealer-lists';
import { waitsOnDealer } from '@contracts/dealer-tasks';
import type { OffersPage } from '@contracts/offer-list';
import { and, desc, eq, not, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import {
  buyCodes,
  dealers,
  dealerUsers,
  offers,
  transactionEvents,
  transactions,
  vehicles,
} from '../../db/schema';
import { countAll, keysetPage } from '../../lib/keyset-page';
import type { SessionMember } from '../../lib/sessions';
import { toDealerBuyCode } from '../buy-codes/buy-code-views';
import { isHeldBy } from '../buy-codes/code-holder';
import { usableBuyCode } from '../buy-codes/find-usable-buy-code';
import { expireOffers } from '../offers/expire-offers';
import { findOfferViews } from '../offers/find-offers';
import { offersPage } from '../offers/offer-list';
import { saleStatesOf } from '../transactions/sale-timeline';
import { hasStep, mayHaveOpenClaim, TRANSACTION_ORDERS } from '../transactions/transaction-list';
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

/**
 * The sales rows a dealer's list reads: the sale, its car's name, who bought it, and the page's
 * sort key as text (keyset-page.ts; none for the whole list).
 */
const saleRows = (db: Executor, cursorKey: SQL<string> = sql<string>`''`) =>
  db
    .select({
      t: transactions,
      vehicle: { year: vehicles.year, make: vehicles.make, model: vehicles.model },
      boughtBy: dealerUsers.name,
      cursorKey,
    })
    .from(transactions)
    .leftJoin(vehicles, eq(vehicles.id, transactions.vehicleId))
    .leftJoin(dealerUsers, eq(dealerUsers.id, transactions.buyerUserId));
type SaleRow = Awaited<ReturnType<ReturnType<typeof saleRows>['where']>>[number];

/** Each sale as the dealer reads it, with its life from the one fold (for these rows only). */
async function dealerTransactionsOf(db: Executor, rows: SaleRow[]): Promise<DealerTransaction[]> {
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

/** A dealer's own transactions, newest first, with the vehicle's year, make and model and the life of each sale. */
export async function findDealerTransactions(
  db: Database,
  dealerId: number,
  transactionId?: number,
): Promise<DealerTransaction[]> {
  const rows = await saleRows(db)
    .where(
      and(
        eq(transactions.dealerId, dealerId),
        transactionId === undefined ? undefined : eq(transactions.id, transactionId),
      ),
    )
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
  return dealerTransactionsOf(db, rows);
}

/**
 * A narrowing of the sales that may wait on the dealer (never deciding alone: the fold does, by
 * `waitsOnDealer`): not paid in full by the stored flag (transaction-list.ts `mayOwe`'s reading), a
 * title sent and not confirmed or received since, a transport step or an accepted delivery the
 * dealer has not confirmed, a claim no answer names.
 */
const mayWait = or(
  not(transactions.isPaid),
  sql`exists (select 1 from ${transactionEvents} s where s.transaction_id = ${transactions.id}
    and s.type = 'title_sent' and not exists (select 1 from ${transactionEvents} c
    where c.transaction_id = s.transaction_id and c.type in ('title_confirmed', 'title_received') and c.id > s.id))`,
  and(hasStep('transport_status', 'delivery_accepted'), not(hasStep('delivery_confirmed'))),
  mayHaveOpenClaim,
);

/**
 * The dealership's live sales that wait on the dealer ("Needs you", docs/features/dealer-dashboard.md):
 * money owed, a delivery or a title to confirm, an open claim. The SQL narrowing reads the few that
 * may, the fold decides for those only; the browser no longer reads every sale to find them.
 */
export async function findSalesWaiting(db: Executor, dealerId: number): Promise<DealerTransaction[]> {
  const rows = await saleRows(db)
    .where(and(eq(transactions.dealerId, dealerId), not(transactions.cancelled), mayWait))
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
  return (await dealerTransactionsOf(db, rows)).filter(waitsOnDealer);
}

/**
 * A page of the dealership's sales (Purchases, Deliveries, Documents; issue #47): in the admin's
 * orders, `live` without the cancelled ones, `id` the one a link names; the total is an aggregate.
 * Every member of the dealership reads its sales, as the whole list always let them.
 */
export async function dealerSalesPage(
  db: Executor,
  dealerId: number,
  query: z.infer<typeof dealerSalesQuerySchema>,
): Promise<DealerSalesPage> {
  const order = TRANSACTION_ORDERS[query.sort];
  // A bad cursor is refused before anything is read.
  const page = keysetPage(order, query);
  const where = and(
    eq(transactions.dealerId, dealerId),
    query.live ? not(transactions.cancelled) : undefined,
    query.id ? eq(transactions.id, query.id) : undefined,
  );
  const [counted] = await db.select({ total: countAll }).from(transactions).where(where);
  const rows = await saleRows(db, page.cursorKey)
    .where(and(where, page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  const { items, nextCursor } = page.finish(rows.map((row) => ({ ...row, id: row.t.id })));
  return { items: await dealerTransactionsOf(db, items), nextCursor, total: counted?.total ?? 0 };
}

/** A dealer's own offers with their activity; offers past their window show as expired first. */
export async function findDealerOffers(db: Database, dealerId: number): Promise<OfferView[]> {
  await expireOffers(db);
  return findOfferViews(db, eq(offers.dealerId, dealerId));
}

/**
 * A page of the dealership's offers (My Offers; issue #47): the admin's Offers list with the dealer
 * fixed to the session's, so one reader answers both; `id` the one a link names.
 */
export async function dealerOffersPage(
  db: Database,
  dealerId: number,
  query: z.infer<typeof dealerOffersQuerySchema>,
): Promise<OffersPage> {
  await expireOffers(db);
  return offersPage(db, { ...query, dealerId });
}
