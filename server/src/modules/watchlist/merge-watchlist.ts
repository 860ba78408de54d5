import { MAX_WATCHLIST_ENTRIES, type WatchlistFlags } from '@contracts/watchlist';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealers, vehicles, watchlistEntries } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { withRetries } from '../../lib/db-errors';
import { writeAudit } from '../audit/write-audit';
import { carSightSql, sightAtLeastSql } from '../car-visibility/car-visibility';
import { ownedBy } from './find-watchlist';

/**
 * Adds the lists a browser kept before its dealer signed in (docs/product.md §3's localStorage Favorite and
 * Watch) to the person's watchlist, so nothing marked is lost: a mark is only ever added, never
 * taken off. Ids of cars that do not exist or are not for sale are ignored, and so are new cars
 * past MAX_WATCHLIST_ENTRIES (counted with the dealer row locked, as saved searches are). Answers
 * the marks of the cars sent that are on the list now, never the whole list (the dashboard pages it,
 * issue #47).
 */
export async function mergeWatchlist(
  db: Database,
  lists: { favorites: number[]; watching: number[] },
  actor: Actor,
): Promise<WatchlistFlags[]> {
  const favorites = new Set(lists.favorites);
  const watching = new Set(lists.watching);
  const ids = [...new Set([...lists.favorites, ...lists.watching])];
  return withRetries(() =>
    db.transaction(async (tx) => {
      if (ids.length > 0) {
        await tx.select({ id: dealers.id }).from(dealers).where(eq(dealers.id, actor.id!)).for('update');
        const published = await tx
          .select({ id: vehicles.id })
          .from(vehicles)
          .where(and(inArray(vehicles.id, ids), sql`${carSightSql(actor)} = 'listing'`));
        const held = await tx
          .select({ vehicleId: watchlistEntries.vehicleId })
          .from(watchlistEntries)
          .where(and(ownedBy(actor), inArray(watchlistEntries.vehicleId, ids)));
        const isHeld = new Set(held.map((row) => row.vehicleId));
        const [total] = await tx.select({ n: count() }).from(watchlistEntries).where(ownedBy(actor));
        let room = MAX_WATCHLIST_ENTRIES - (total?.n ?? 0);
        // In the browser's order: the cars already listed, then new ones while there is room.
        const kept = ids.filter(
          (id) => published.some((row) => row.id === id) && (isHeld.has(id) || room-- > 0),
        );
        if (kept.length > 0) {
          await tx
            .insert(watchlistEntries)
            .values(
              kept.map((vehicleId) => ({
                dealerId: actor.id!,
                dealerUserId: actor.member?.id ?? null,
                vehicleId,
                favorite: favorites.has(vehicleId),
                watching: watching.has(vehicleId),
              })),
            )
            .onConflictDoUpdate({
              target: [watchlistEntries.dealerId, watchlistEntries.dealerUserId, watchlistEntries.vehicleId],
              set: {
                favorite: sql`${watchlistEntries.favorite} or excluded.favorite`,
                watching: sql`${watchlistEntries.watching} or excluded.watching`,
                updatedAt: sql`now()`,
              },
            });
          await writeAudit(tx, actor, {
            entity: 'watchlist',
            entityId: actor.id!,
            action: 'merged',
            after: {
              favorites: kept.filter((id) => favorites.has(id)),
              watching: kept.filter((id) => watching.has(id)),
              ignored: ids.filter((id) => !kept.includes(id)),
            },
          });
        }
      }
      if (ids.length === 0) return [];
      return tx
        .select({
          vehicleId: watchlistEntries.vehicleId,
          favorite: watchlistEntries.favorite,
          watching: watchlistEntries.watching,
        })
        .from(watchlistEntries)
        .innerJoin(vehicles, eq(vehicles.id, watchlistEntries.vehicleId))
        .where(and(ownedBy(actor), inArray(watchlistEntries.vehicleId, ids), sightAtLeastSql(actor, 'past')))
        .orderBy(watchlistEntries.vehicleId);
    }),
  );
}
