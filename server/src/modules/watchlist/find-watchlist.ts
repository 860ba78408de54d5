import type { DealerWatchlistPage, dealerListQuerySchema } from '@contracts/dealer-lists';
import type { WatchlistStatus } from '@contracts/watchlist';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { isPublishedSql, vehicles, watchlistEntries } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { countAll, type KeysetOrder, type KeysetRead, keysetPage } from '../../lib/keyset-page';
import { sightAtLeastSql } from '../car-visibility/car-visibility';
import { vehicleName } from '../notifications/notification-messages';
import { photosByVehicle } from '../photos/photo-views';

/** Whose watchlist: the person's, or a dealership without a team's (its buy-code session). */
export const ownedBy = (actor: Actor) =>
  and(
    eq(watchlistEntries.dealerId, actor.id!),
    actor.member ? eq(watchlistEntries.dealerUserId, actor.member.id) : isNull(watchlistEntries.dealerUserId),
  );

/** Where the car stands: for sale, sold, removed, or back in the admin's queue (unavailable). */
export const watchlistStatusOf = (row: { status: string; isPublished: boolean }): WatchlistStatus =>
  row.isPublished
    ? 'available'
    : row.status === 'sold' || row.status === 'removed'
      ? row.status
      : 'unavailable';

/** Published, as the public list reads it (one definition: isPublishedSql). */
export const isPublishedColumn = sql<boolean>`${isPublishedSql(vehicles)}`;

/** The watchlist's one order: the most recently marked first, ties by the entry's id. */
const NEWEST_MARKED: KeysetOrder = {
  name: 'newest',
  key: watchlistEntries.createdAt,
  kind: 'timestamp',
  id: watchlistEntries.id,
  direction: 'desc',
};

/** Rows of the person's watchlist under `where` (with the car as it stands now), as a keyset read asks. */
const readEntries =
  (db: Executor) =>
  ({ where, orderBy, limit, cursorKey }: KeysetRead) =>
    db
      .select({
        id: watchlistEntries.id,
        cursorKey,
        entry: watchlistEntries,
        vehicle: {
          year: vehicles.year,
          make: vehicles.make,
          model: vehicles.model,
          price: vehicles.price,
          mileage: vehicles.mileage,
          status: vehicles.status,
          isPublished: isPublishedColumn,
        },
      })
      .from(watchlistEntries)
      .innerJoin(vehicles, eq(vehicles.id, watchlistEntries.vehicleId))
      .where(where)
      .orderBy(...orderBy)
      .limit(limit);

/**
 * GET /api/dealer/watchlist/page (issue #47): a page of the signed-in person's watchlist, the most
 * recently marked first, each car as it stands now, or the one car `id` names (the vehicle page's
 * Favorite and Watch, a link); the total is an aggregate with the same filters.
 */
export async function watchlistPage(
  db: Executor,
  actor: Actor,
  query: z.infer<typeof dealerListQuerySchema>,
): Promise<DealerWatchlistPage> {
  // A bad cursor is refused before anything is read.
  const page = keysetPage(NEWEST_MARKED, query);
  const where = and(
    ownedBy(actor),
    // A car marked while on sale: kept while the person may see what was shown (car-visibility.ts).
    sightAtLeastSql(actor, 'past'),
    query.id ? eq(watchlistEntries.vehicleId, query.id) : undefined,
  );
  const [counted] = await db
    .select({ total: countAll })
    .from(watchlistEntries)
    .innerJoin(vehicles, eq(vehicles.id, watchlistEntries.vehicleId))
    .where(where);
  const { items, nextCursor } = await page.read(where, readEntries(db));
  const photos = await photosByVehicle(
    db,
    items.map((row) => row.entry.vehicleId),
  );
  return {
    items: items.map(({ entry, vehicle }) => ({
      vehicleId: entry.vehicleId,
      title: vehicleName(vehicle),
      favorite: entry.favorite,
      watching: entry.watching,
      price: vehicle.price,
      mileage: vehicle.mileage,
      photo: photos.get(entry.vehicleId)?.[0] ?? null,
      status: watchlistStatusOf(vehicle),
      createdAt: entry.createdAt.toISOString(),
    })),
    nextCursor,
    total: counted?.total ?? 0,
  };
}
