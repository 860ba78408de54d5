import type { FirstLookPreview } from '@contracts/listings';
import type { HeldVehicle } from '@contracts/vehicle';
import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client';
import { buyOrderMatches, buyOrders, vehicles } from '../../db/schema';
import { matchingOrdersSql } from '../buy-orders/match-buy-orders';
import { matchPublication } from '../buy-orders/match-publication';
import { carSightSql, heldForSql } from '../car-visibility/car-visibility';
import { photosByVehicle } from '../photos/photo-views';
import { lockVehicle, updateVehicleRow, type VehicleRow } from '../vehicle-rows/vehicle-rows';
import { publicVehicleColumns, toPublicListItem, toPublicVehicleDetail } from './vehicle-projection';

/**
 * First look (docs/design.md §13, issue #30). Completing a listing, an admin may hold the car for the
 * dealerships whose open buy orders it matches. A held car is `status = 'active'`, still `in_queue`
 * and has `first_look_until`: every public read path (the list and its cache, search, the server-
 * rendered pages, the API) reads "published" as active and out of the queue, so they all leave it
 * out without a second rule. The dealerships it is held for — those with a match row carrying the
 * hold — see it (their dashboard, its page through the API) and may buy it or make an offer.
 * When the time is up, `releaseDueFirstLooks` (every 15 s, any instance) publishes it to everyone:
 * out of the queue, `first_look_until` null, matched against the saved searches and any order
 * placed meanwhile, exactly like a listing completed without a hold.
 */

/** The dealership's match rows that hold this car: the one rule's SQL (car-visibility.ts). */
const heldForDealer = (dealerId: number) => heldForSql(sql`${vehicles.id}`, dealerId);

/** Held for a first look (whoever for): active, in the queue, with a time. */
export const isHeld = (row: Pick<VehicleRow, 'status' | 'inQueue' | 'firstLookUntil'>) =>
  row.status === 'active' && row.inQueue && row.firstLookUntil !== null;

/** Whether this held car is held for this dealership (false for any car that is not held). */
export async function isHeldFor(db: Executor, vehicle: VehicleRow, dealerId: number) {
  if (!isHeld(vehicle)) return false;
  const [row] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicle.id), heldForDealer(dealerId)));
  return row !== undefined;
}

/** The cars held for this dealership now, the soonest released first (its dashboard). */
export async function findFirstLooks(db: Executor, dealerId: number): Promise<HeldVehicle[]> {
  const rows = await db
    .select({ ...publicVehicleColumns, firstLookUntil: vehicles.firstLookUntil })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.status, 'active'),
        eq(vehicles.inQueue, true),
        isNotNull(vehicles.firstLookUntil),
        sql`${carSightSql({ type: 'dealer', id: dealerId })} = 'first-look'`,
      ),
    )
    .orderBy(vehicles.firstLookUntil, desc(vehicles.id));
  const photos = await photosByVehicle(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    ...toPublicListItem(toPublicVehicleDetail(row, photos.get(row.id) ?? [])),
    firstLookUntil: row.firstLookUntil!.toISOString(),
  }));
}

/**
 * A car just completed with a hold (active, in the queue, `first_look_until` set) is held for the
 * dealerships whose open orders matched it in this transaction: their match rows take the hold
 * (and keep it as each order's history). How many orders hold it; 0 = nobody to hold it for.
 */
export async function holdForMatchedOrders(tx: Transaction, vehicleId: number) {
  const held = (await tx.execute(sql`
    update ${buyOrderMatches} m set first_look_until = v.first_look_until
    from ${vehicles} v, ${buyOrders} o
    where m.vehicle_id = ${vehicleId} and v.id = m.vehicle_id and o.id = m.order_id
      and o.status = 'open' and m.transaction_id is null
    returning m.order_id
  `)) as unknown as { rows: unknown[] };
  return held.rows.length;
}

/**
 * Publishes a held car to everyone (its time is up, or an admin released it): out of the queue,
 * no hold, then matched like any publication (saved searches; orders placed since the hold).
 * A car no longer held (sold, removed, released by another instance) is left as it is.
 */
export async function releaseFirstLook(tx: Transaction, vehicleId: number, lotZip: string) {
  const vehicle = await lockVehicle(tx, vehicleId);
  if (!vehicle || !isHeld(vehicle)) return null;
  const after = await updateVehicleRow(tx, vehicleId, { inQueue: false, firstLookUntil: null });
  await matchPublication(tx, vehicleId, 'published', lotZip);
  return after;
}

/** Every held car whose time is up, released one transaction each; how many. */
export async function releaseDueFirstLooks(db: Database, lotZip: string) {
  const due = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(isNotNull(vehicles.firstLookUntil), lte(vehicles.firstLookUntil, sql`now()`)))
    .orderBy(vehicles.firstLookUntil)
    .limit(500);
  let released = 0;
  for (const { id } of due) {
    if (await db.transaction((tx) => releaseFirstLook(tx, id, lotZip))) released += 1;
  }
  return released;
}

/**
 * The Complete dialog's "N open orders match": the completion tried in a transaction that is
 * always rolled back, so the answer is the matching statement's own (every rule, one place).
 */
export async function previewFirstLook(
  db: Database,
  vehicleId: number,
  values: Partial<Pick<VehicleRow, 'mileage' | 'price' | 'condition' | 'year' | 'make' | 'model' | 'trim'>>,
): Promise<FirstLookPreview | null> {
  const rollback = Symbol('rollback');
  let answer: FirstLookPreview | null = null;
  try {
    await db.transaction(async (tx) => {
      const vehicle = await lockVehicle(tx, vehicleId);
      if (!vehicle) throw rollback;
      const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      await updateVehicleRow(tx, vehicleId, { ...defined, status: 'active', inQueue: false });
      const result = (await tx.execute(sql`
        select count(*)::int as orders, count(distinct dealer_id)::int as dealers
        from (${matchingOrdersSql(vehicleId)}) m
      `)) as unknown as { rows: FirstLookPreview[] };
      answer = { orders: Number(result.rows[0]!.orders), dealers: Number(result.rows[0]!.dealers) };
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return answer;
}
