import {
  type CreateSavedSearch,
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_TEXT,
  type SavedSearchView,
  type UpdateSavedSearchBody,
} from '@contracts/buy-orders';
import type { DealerSavedSearchesPage, dealerListQuerySchema } from '@contracts/dealer-lists';
import { ERROR_CODES } from '@contracts/errors';
import { PAGE_PATHS } from '@contracts/routes';
import { SEARCH_TEXT, searchWordsOf, type VehicleFilters } from '@contracts/vehicle-search';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { dealers, dealerUsers, savedSearches, savedSearchMatches } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import { deliveryZipOf } from '../../lib/delivery-zip';
import { placeOfZip } from '../../lib/zip';
import { writeAudit } from '../audit/write-audit';
import { assertTextable } from './alert-schedule';
import { newestByIdPage } from './find-buy-orders';

/** Whose searches: the person's, or a dealership without a team's (its buy-code session). */
const ownedBy = (actor: Actor) =>
  and(
    eq(savedSearches.dealerId, actor.id!),
    actor.member ? eq(savedSearches.dealerUserId, actor.member.id) : isNull(savedSearches.dealerUserId),
  );

type SavedRow = typeof savedSearches.$inferSelect;

/** The filters of a saved search, as the search API names them (null = not set). */
const filtersOf = (search: SavedRow): VehicleFilters => ({
  make: search.make,
  model: search.model,
  yearMin: search.yearMin,
  yearMax: search.yearMax,
  priceMin: search.priceMin,
  priceMax: search.priceMax,
  maxMiles: search.maxMiles,
  within: search.within,
  zip: search.zip,
});

/** The /inventory address of a search: its non-default parameters, as the page writes them. */
export function inventoryPathOf(search: SavedRow) {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.cert !== 'all') params.set('cert', search.cert);
  if (search.grade !== null) params.set('grade', Number(search.grade).toFixed(1));
  if (search.sort !== 'newest') params.set('sort', search.sort);
  for (const [name, value] of Object.entries(filtersOf(search)))
    if (value !== null) params.set(name, String(value));
  const query = params.toString();
  return query ? `${PAGE_PATHS.inventory}?${query}` : PAGE_PATHS.inventory;
}

/** The signed-in person's saved searches under `where`, newest first, with how many cars matched each. */
async function savedSearchViews(
  db: Executor,
  where: SQL | undefined,
  limit?: number,
): Promise<SavedSearchView[]> {
  const query = db
    .select({
      search: savedSearches,
      placedBy: dealerUsers.name,
      matches: sql<number>`(select count(*)::int from ${savedSearchMatches} where ${savedSearchMatches.searchId} = ${savedSearches.id})`,
    })
    .from(savedSearches)
    .leftJoin(dealerUsers, eq(dealerUsers.id, savedSearches.dealerUserId))
    .where(where)
    .orderBy(desc(savedSearches.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map(({ search, placedBy, matches }) => ({
    id: search.id,
    name: search.name,
    q: search.q,
    cert: search.cert,
    grade: search.grade,
    sort: search.sort as SavedSearchView['sort'],
    ...filtersOf(search),
    path: inventoryPathOf(search),
    placedBy: placedBy ?? null,
    alerts: search.alerts,
    alertChannel: search.alertChannel,
    alertCadence: search.alertCadence,
    matches: Number(matches),
    createdAt: search.createdAt.toISOString(),
  }));
}

/** One of the signed-in person's saved searches (as a write answers it), or undefined. */
const findSavedSearch = async (db: Executor, actor: Actor, id: number) =>
  (await savedSearchViews(db, and(ownedBy(actor), eq(savedSearches.id, id))))[0];

/**
 * GET /api/dealer/saved-searches/page (issue #47): a page of the signed-in person's saved searches,
 * newest first, or the one a link names (`id`).
 */
export const savedSearchesPage = (
  db: Executor,
  actor: Actor,
  query: z.infer<typeof dealerListQuerySchema>,
): Promise<DealerSavedSearchesPage> =>
  newestByIdPage(db, { table: savedSearches, id: savedSearches.id }, ownedBy(actor), query, savedSearchViews);

/**
 * Saves an inventory search with a name for the signed-in person (a viewer may not), at most
 * MAX_SAVED_SEARCHES each, counted with the dealer row locked. Its words are kept as the search
 * reads them, for matching new cars in SQL.
 */
export async function createSavedSearch(db: Database, input: CreateSavedSearch, actor: Actor) {
  if (actor.member?.role === 'viewer')
    throw new AppError(ERROR_CODES.forbidden, SAVED_SEARCH_TEXT.viewerRefused);
  return withRetries(() =>
    db.transaction(async (tx) => {
      await tx.select({ id: dealers.id }).from(dealers).where(eq(dealers.id, actor.id!)).for('update');
      await assertTextable(tx, actor.id!, input.alertChannel);
      const [held] = await tx.select({ n: count() }).from(savedSearches).where(ownedBy(actor));
      if ((held?.n ?? 0) >= MAX_SAVED_SEARCHES)
        throw new AppError(ERROR_CODES.conflict, SAVED_SEARCH_TEXT.tooMany);
      // "Within" with no ZIP is measured from the dealership's delivery ZIP, kept as it is now; a ZIP
      // is one the search could measure from (the one ZIP rule's 400 otherwise).
      const zip = input.within === null ? input.zip : (input.zip ?? (await deliveryZipOf(tx, actor.id!)));
      if (input.within !== null) {
        if (zip === null) throw badRequest(SEARCH_TEXT.withinNeedsZip);
        placeOfZip(zip);
      }
      const [row] = await tx
        .insert(savedSearches)
        .values({
          dealerId: actor.id!,
          dealerUserId: actor.member?.id ?? null,
          name: input.name,
          q: input.q,
          cert: input.cert,
          grade: input.grade === null ? null : input.grade.toFixed(1),
          sort: input.sort,
          words: searchWordsOf(input.q),
          make: input.make,
          model: input.model,
          yearMin: input.yearMin,
          yearMax: input.yearMax,
          priceMin: input.priceMin,
          priceMax: input.priceMax,
          maxMiles: input.maxMiles,
          within: input.within,
          zip,
          alertChannel: input.alertChannel,
          alertCadence: input.alertCadence,
        })
        .returning();
      await writeAudit(tx, actor, {
        entity: 'saved_search',
        entityId: row!.id,
        action: 'created',
        after: input,
      });
      return (await findSavedSearch(tx, actor, row!.id))!;
    }),
  );
}

/** Deletes one of the person's saved searches (another's is not found). */
export async function deleteSavedSearch(db: Database, id: number, actor: Actor) {
  if (actor.member?.role === 'viewer')
    throw new AppError(ERROR_CODES.forbidden, SAVED_SEARCH_TEXT.viewerRefused);
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(savedSearches)
      .where(and(eq(savedSearches.id, id), ownedBy(actor)))
      .returning({ id: savedSearches.id });
    if (!gone) throw notFound(SAVED_SEARCH_TEXT.notFound);
    await writeAudit(tx, actor, { entity: 'saved_search', entityId: id, action: 'deleted' });
    return { ok: true as const };
  });
}

/** Turns one of the person's saved searches' alerts on or off (matches are still listed). */
export async function updateSavedSearch(db: Database, id: number, body: UpdateSavedSearchBody, actor: Actor) {
  if (actor.member?.role === 'viewer')
    throw new AppError(ERROR_CODES.forbidden, SAVED_SEARCH_TEXT.viewerRefused);
  return db.transaction(async (tx) => {
    await assertTextable(tx, actor.id!, body.alertChannel);
    const [changed] = await tx
      .update(savedSearches)
      .set({
        ...(body.alerts === undefined ? {} : { alerts: body.alerts }),
        ...(body.alertChannel === undefined ? {} : { alertChannel: body.alertChannel }),
        ...(body.alertCadence === undefined ? {} : { alertCadence: body.alertCadence }),
      })
      .where(and(eq(savedSearches.id, id), ownedBy(actor)))
      .returning({ id: savedSearches.id });
    if (!changed) throw notFound(SAVED_SEARCH_TEXT.notFound);
    await writeAudit(tx, actor, {
      entity: 'saved_search',
      entityId: id,
      action: body.alerts === undefined ? 'alert_delivery' : 'alerts',
      after: body,
    });
    return (await findSavedSearch(tx, actor, id))!;
  });
}
