import type { BuyOrderView } from '@contracts/buy-orders';
import type { DealerBuyOrdersPage, dealerListQuerySchema } from '@contracts/dealer-lists';
import type { Page } from '@contracts/paging';
import { type AnyColumn, and, asc, desc, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import {
  buyOrderMatches,
  buyOrders,
  buyOrderTargets,
  dealerUsers,
  reconPackages,
  vehicles,
} from '../../db/schema';
import { countAll, type KeysetOrder, keysetPage } from '../../lib/keyset-page';
import { vehicleName } from '../notifications/notification-messages';
import { effectiveStatusSql } from './buy-order-status';

/** Matches shown with each order (the newest). */
const MATCHES_SHOWN = 10;

/** The dealer's lists of buy orders and saved searches: newest first, by id (the order of their whole lists). */
export const newestById = (id: AnyColumn): KeysetOrder => ({
  name: 'newest',
  key: id,
  kind: 'integer',
  id,
  direction: 'desc',
});

/**
 * A page of a dealer's list keyed newest first by its id (issue #47): the rows of `list.table` under
 * `scope` (whose they are), or the one a link names (`query.id`), read as `views` reads them; the
 * total is an aggregate with the same filters. A bad cursor is refused before anything is read.
 */
export async function newestByIdPage<V extends { id: number }>(
  db: Executor,
  list: { table: PgTable; id: PgColumn },
  scope: SQL | undefined,
  query: z.infer<typeof dealerListQuerySchema>,
  views: (db: Executor, where: SQL | undefined, limit: number) => Promise<V[]>,
): Promise<Page<V>> {
  const page = keysetPage(newestById(list.id), query);
  const where = and(scope, query.id ? eq(list.id, query.id) : undefined);
  const [counted] = await db.select({ total: countAll }).from(list.table).where(where);
  const rows = await views(db, and(where, page.where), page.limit);
  const { items, nextCursor } = page.finish(
    rows.map((view) => ({ id: view.id, cursorKey: String(view.id), view })),
  );
  return { items: items.map((row) => row.view), nextCursor, total: counted?.total ?? 0 };
}

/**
 * GET /api/dealer/buy-orders/page (issue #47): a page of the dealership's orders, newest first, or
 * the one a link names (`id`).
 */
export const dealerBuyOrdersPage = (
  db: Executor,
  dealerId: number,
  query: z.infer<typeof dealerListQuerySchema>,
): Promise<DealerBuyOrdersPage> =>
  newestByIdPage(
    db,
    { table: buyOrders, id: buyOrders.id },
    eq(buyOrders.dealerId, dealerId),
    query,
    buyOrderViews,
  );

/** Orders as views with their makes and models and their latest matches (every dealership's: the admin). */
export async function buyOrderViews(
  db: Executor,
  where: SQL | undefined,
  limit = 500,
): Promise<BuyOrderView[]> {
  const rows = await db
    .select({
      order: buyOrders,
      status: effectiveStatusSql,
      placedBy: dealerUsers.name,
      reconPackage: reconPackages.name,
    })
    .from(buyOrders)
    .leftJoin(dealerUsers, eq(dealerUsers.id, buyOrders.dealerUserId))
    .leftJoin(reconPackages, eq(reconPackages.id, buyOrders.reconPackageId))
    .where(where)
    .orderBy(desc(buyOrders.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.order.id);
  const targets = await db
    .select()
    .from(buyOrderTargets)
    .where(inArray(buyOrderTargets.orderId, ids))
    .orderBy(asc(buyOrderTargets.makeLabel), asc(buyOrderTargets.modelLabel));
  const matches = await db
    .select({
      orderId: buyOrderMatches.orderId,
      vehicleId: vehicles.id,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
      trim: vehicles.trim,
      price: vehicles.price,
      matchedAt: buyOrderMatches.matchedAt,
      transactionId: buyOrderMatches.transactionId,
    })
    .from(buyOrderMatches)
    .innerJoin(vehicles, eq(vehicles.id, buyOrderMatches.vehicleId))
    // Cars still for sale, and those the dealership bought for the order (not others' purchases).
    .where(
      and(
        inArray(buyOrderMatches.orderId, ids),
        or(eq(vehicles.status, 'active'), isNotNull(buyOrderMatches.transactionId)),
      ),
    )
    .orderBy(desc(buyOrderMatches.matchedAt), desc(vehicles.id));
  return rows.map(({ order, status, placedBy, reconPackage }) => ({
    id: order.id,
    status,
    targets: targets
      .filter((t) => t.orderId === order.id)
      .map((t) => ({ make: t.makeLabel, model: t.modelLabel })),
    yearMin: order.yearMin,
    yearMax: order.yearMax,
    maxMiles: order.maxMiles,
    maxPrice: order.maxPrice,
    minGrade: order.minGrade,
    certification: order.certification,
    reconNote: order.reconNote,
    reconPackage: reconPackage ?? null,
    quantity: order.quantity,
    filled: order.filled,
    neededBy: order.neededBy,
    deliveryZip: order.deliveryZip,
    placedBy: placedBy ?? null,
    alerts: order.alerts,
    alertChannel: order.alertChannel,
    alertCadence: order.alertCadence,
    matches: matches
      .filter((m) => m.orderId === order.id)
      .slice(0, MATCHES_SHOWN)
      .map((m) => ({
        vehicleId: m.vehicleId,
        title: vehicleName(m),
        price: m.price,
        matchedAt: m.matchedAt.toISOString(),
        bought: m.transactionId !== null,
      })),
    createdAt: order.createdAt.toISOString(),
  }));
}

/** One of the dealership's orders as the dashboard shows it (as a write answers it), or null. */
export async function findBuyOrder(db: Executor, dealerId: number, orderId: number) {
  return (
    (await buyOrderViews(db, and(eq(buyOrders.dealerId, dealerId), eq(buyOrders.id, orderId))))[0] ?? null
  );
}
