import { ERROR_CODES } from '@contracts/errors';
import {
  MAX_WATCHLIST_ENTRIES,
  type UpdateWatchlistBody,
  WATCHLIST_TEXT,
  type WatchlistFlags,
} from '@contracts/watchlist';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vehicles, watchlistEntries } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import { writeAudit } from '../audit/write-audit';
import { carSightSql } from '../car-visibility/car-visibility';
import { isPublishedColumn, ownedBy } from './find-watchlist';

/**
 * Sets Favorite and/or Watch on one car for the signed-in person (a viewer too: the list is theirs
 * and commits the dealership to nothing). One upsert that writes only the flags sent, so two taps
 * at once (Favorite, then Watch) both hold; both off deletes the row. A car no longer for sale may
 * be taken off but not newly marked; at most MAX_WATCHLIST_ENTRIES cars each.
 */
export async function updateWatchlistEntry(
  db: Database,
  vehicleId: number,
  body: UpdateWatchlistBody,
  actor: Actor,
): Promise<WatchlistFlags> {
  return withRetries(() =>
    db.transaction(async (tx) => {
      const [vehicle] = await tx
        .select({ isPublished: isPublishedColumn, sight: carSightSql(actor).mapWith(String) })
        .from(vehicles)
        .where(eq(vehicles.id, vehicleId));
      // A car the person may not see answers as one that does not exist (car-visibility.ts).
      if (!vehicle || vehicle.sight === 'none') throw notFound(WATCHLIST_TEXT.vehicleNotFound);
      const [existing] = await tx
        .select()
        .from(watchlistEntries)
        .where(and(ownedBy(actor), eq(watchlistEntries.vehicleId, vehicleId)));
      const marks =
        (body.favorite === true && !existing?.favorite) || (body.watching === true && !existing?.watching);
      if (marks && !vehicle.isPublished)
        throw new AppError(ERROR_CODES.conflict, WATCHLIST_TEXT.notPublished);
      if (!existing && marks) {
        const [held] = await tx.select({ n: count() }).from(watchlistEntries).where(ownedBy(actor));
        if ((held?.n ?? 0) >= MAX_WATCHLIST_ENTRIES)
          throw new AppError(ERROR_CODES.conflict, WATCHLIST_TEXT.tooMany);
      }
      if (!existing && !marks) return { vehicleId, favorite: false, watching: false };

      const sent = {
        ...(body.favorite === undefined ? {} : { favorite: body.favorite }),
        ...(body.watching === undefined ? {} : { watching: body.watching }),
      };
      const [row] = await tx
        .insert(watchlistEntries)
        .values({ dealerId: actor.id!, dealerUserId: actor.member?.id ?? null, vehicleId, ...sent })
        .onConflictDoUpdate({
          target: [watchlistEntries.dealerId, watchlistEntries.dealerUserId, watchlistEntries.vehicleId],
          set: { ...sent, updatedAt: sql`now()` },
        })
        .returning();
      const flags = { vehicleId, favorite: row!.favorite, watching: row!.watching };
      if (!flags.favorite && !flags.watching) {
        await tx.delete(watchlistEntries).where(eq(watchlistEntries.id, row!.id));
      }
      await writeAudit(tx, actor, {
        entity: 'watchlist_entry',
        entityId: row!.id,
        action: flags.favorite || flags.watching ? 'flags' : 'deleted',
        before: existing ? { favorite: existing.favorite, watching: existing.watching } : null,
        after: flags,
      });
      return flags;
    }),
  );
}
