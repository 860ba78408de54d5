import type { WatchlistEntry, WatchlistStatus } from '@contracts/watchlist';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isPublishedSql, vehicles, watchlistEntries } from '../../db/schema';
import type { Actor } from '../../lib/actor';
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

/** The signed-in person's watchlist, most recently marked first, with each car as it stands now. */
export async function findWatchlist(db: Executor, actor: Actor): Promise<WatchlistEntry[]> {
  const rows = await db
    .select({
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
    // A car marked while on sale: kept while the person may see what was shown (car-visibility.ts).
    .where(and(ownedBy(actor), sightAtLeastSql(actor, 'past')))
    .orderBy(desc(watchlistEntries.createdAt), desc(watchlistEntries.id));
  const photos = await photosByVehicle(
    db,
    rows.map((row) => row.entry.vehicleId),
  );
  return rows.map(({ entry, vehicle }) => ({
    vehicleId: entry.vehicleId,
    title: vehicleName(vehicle),
    favorite: entry.favorite,
    watching: entry.watching,
    price: vehicle.price,
    mileage: vehicle.mileage,
    photo: photos.get(entry.vehicleId)?.[0] ?? null,
    status: watchlistStatusOf(vehicle),
    createdAt: entry.createdAt.toISOString(),
  }));
}
