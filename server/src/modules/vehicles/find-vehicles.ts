import {
  ADMIN_VEHICLE_LISTS,
  type AdminListing,
  type AdminVehicleCounts,
  type AdminVehicleList,
  type AdminVehiclesQuery,
} from '@contracts/listings';
import type { Page } from '@contracts/paging';
import { and, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealers, transactions, vehicles } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { countAll, type KeysetOrder, keysetPage } from '../../lib/keyset-page';
import { escapeLike } from '../../lib/list-choices';
import { carSight, readCarFacts } from '../car-visibility/car-visibility';
import { photosByVehicle } from '../photos/photo-views';
import {
  isPublishedCondition,
  publicVehicleColumns,
  toAdminVehicle,
  toPublicVehicleDetail,
  toUnavailableVehicle,
} from './vehicle-projection';

/**
 * The public marketplace: published vehicles, newest first, public fields only, each with its
 * photos and condition report (the list cache keeps the cover for the list, the rest for pages).
 */
export async function findPublishedVehicles(db: Database) {
  const rows = await db
    .select(publicVehicleColumns)
    .from(vehicles)
    .where(isPublishedCondition)
    .orderBy(desc(vehicles.id));
  const photos = await photosByVehicle(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toPublicVehicleDetail(row, photos.get(row.id) ?? []));
}

/** A vehicle with every field and the sale of a sold one (its buying dealer), as admins read it. */
const adminListingColumns = {
  vehicle: vehicles,
  sale: {
    transactionId: transactions.id,
    dealerId: dealers.id,
    dealerName: dealers.dealerName,
    amount: transactions.amount,
  },
};

/** A vehicle's live sale (a cancelled one is no sale), and its dealer: the admin lists' joins. */
const liveSale = and(eq(transactions.vehicleId, vehicles.id), eq(transactions.cancelled, false));
const saleDealer = eq(dealers.id, transactions.dealerId);

type AdminListingRow = {
  vehicle: typeof vehicles.$inferSelect;
  sale: {
    transactionId: number | null;
    dealerId: number | null;
    dealerName: string | null;
    amount: string | null;
  } | null;
};

async function toAdminListings(db: Database, rows: AdminListingRow[]): Promise<AdminListing[]> {
  const photos = await photosByVehicle(
    db,
    rows.map((r) => r.vehicle.id),
  );
  return rows.map(({ vehicle, sale }) => ({
    ...toAdminVehicle(vehicle, photos.get(vehicle.id) ?? []),
    sale:
      sale &&
      sale.transactionId !== null &&
      sale.dealerId !== null &&
      sale.dealerName !== null &&
      sale.amount !== null
        ? {
            transactionId: sale.transactionId,
            dealerId: sale.dealerId,
            dealerName: sale.dealerName,
            amount: sale.amount,
          }
        : null,
  }));
}

/** Every vehicle with every field, for admins, with the buying dealer of sold ones. */
export async function findAllVehicles(db: Database): Promise<AdminListing[]> {
  return toAdminListings(
    db,
    await db
      .select(adminListingColumns)
      .from(vehicles)
      .leftJoin(transactions, liveSale)
      .leftJoin(dealers, saleDealer)
      .orderBy(desc(vehicles.id)),
  );
}

/**
 * Which vehicles each admin list holds: the same rules as isQueued and isOnMarket
 * (contracts/vehicle-display.ts) in SQL, so the database reads only the list's rows.
 */
const ADMIN_LIST_WHERE: Record<AdminVehicleList, SQL> = {
  queue: and(eq(vehicles.inQueue, true), isNull(vehicles.firstLookUntil))!,
  active: and(
    eq(vehicles.status, 'active'),
    or(eq(vehicles.inQueue, false), isNotNull(vehicles.firstLookUntil)),
  )!,
  sold: eq(vehicles.status, 'sold'),
  removed: eq(vehicles.status, 'removed'),
};

const NEWEST_VEHICLES: KeysetOrder = {
  name: 'newest',
  key: vehicles.id,
  kind: 'integer',
  id: vehicles.id,
  direction: 'desc',
};

/** Each word of the search in the year, make, model, trim, VIN or the buyer's name. */
function adminSearch(q: string | undefined): SQL | undefined {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      return or(
        sql`${vehicles.searchText} like ${pattern}`,
        sql`lower(${vehicles.vin}) like ${pattern}`,
        sql`lower(${dealers.dealerName}) like ${pattern}`,
      );
    }),
  );
}

/** One page of an admin vehicle list (issue #47), newest first, with the list's total. */
export async function findAdminVehiclePage(
  db: Database,
  query: AdminVehiclesQuery,
): Promise<Page<AdminListing>> {
  const { list, q } = query;
  const page = keysetPage(NEWEST_VEHICLES, query);
  const filter = and(ADMIN_LIST_WHERE[list], adminSearch(q));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...adminListingColumns, id: vehicles.id, cursorKey: page.cursorKey })
      .from(vehicles)
      .leftJoin(transactions, liveSale)
      .leftJoin(dealers, saleDealer)
      .where(and(filter, page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit),
    db
      .select({ total: countAll })
      .from(vehicles)
      .leftJoin(transactions, liveSale)
      .leftJoin(dealers, saleDealer)
      .where(filter),
  ]);
  const { items, nextCursor } = page.finish(rows);
  return { items: await toAdminListings(db, items), nextCursor, total: counted?.total ?? 0 };
}

/** How many vehicles there are, and in each admin list: one aggregate. */
export async function countAdminVehicles(db: Database): Promise<AdminVehicleCounts> {
  const [row] = await adminVehicleCountsQuery(db);
  return row ?? { total: 0, queue: 0, active: 0, sold: 0, removed: 0 };
}

/**
 * The counts' one statement: it reads status, in_queue and first_look_until only, which the index
 * vehicles_status_in_queue_idx carries (migration 0041), so PostgreSQL counts from the index alone.
 */
export function adminVehicleCountsQuery(db: Database) {
  return db
    .select({
      total: countAll,
      ...(Object.fromEntries(
        ADMIN_VEHICLE_LISTS.map((list) => [
          list,
          sql<number>`(count(*) filter (where ${ADMIN_LIST_WHERE[list]}))::int`,
        ]),
      ) as Record<AdminVehicleList, SQL<number>>),
    })
    .from(vehicles);
}

export const VEHICLE_NOT_FOUND = 'Vehicle not found';

/**
 * One vehicle as the caller may see it (the one visibility rule, car-visibility.ts): admins see
 * everything; a published car its page; one held for a first look its page with the hold's end, for
 * the dealerships it is held for; a sold or removed one `{id, status}`; and a car one may not see
 * (queued, held for others) answers exactly as an id that does not exist.
 */
export async function getVehicleById(db: Database, id: number, actor: Actor) {
  const [row] = await db.select().from(vehicles).where(eq(vehicles.id, id));
  const sight = carSight(actor, row && (await readCarFacts(db, [id])).get(id));
  if (!row || sight === 'none') throw notFound(VEHICLE_NOT_FOUND);
  if (sight === 'status' || sight === 'past') return toUnavailableVehicle(row);
  const photos = (await photosByVehicle(db, [row.id])).get(row.id) ?? [];
  if (sight === 'all') return toAdminVehicle(row, photos);
  const detail = toPublicVehicleDetail(row, photos);
  return sight === 'first-look' ? { ...detail, firstLookUntil: row.firstLookUntil!.toISOString() } : detail;
}
