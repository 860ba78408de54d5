import { searchWordsOf, type VehicleSearchQuery, type VehicleSearchResult } from '@contracts/vehicle-search';
import type { VehicleSort } from '@contracts/vehicle-search-options';
import { VIN_CHARSET } from '@contracts/vin';
import { and, getTableColumns, getTableName, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vehicleSearchVin, vehicleSortKeys, vehicles } from '../../db/schema';
import { escapeLike } from '../../lib/list-choices';
import { photosByVehicle } from '../photos/photo-views';
import type { VehicleSearchCache } from './search-cache';
import { countGroups, countMatches, facetCounts } from './search-counts';
import { decodeCursor, encodeCursor, type SearchPosition } from './search-cursor';
import {
  facetChoicesOf,
  facetConditions,
  filterConditions,
  groupFilters,
  type SearchDistance,
  searchDistance,
} from './search-filters';
import { loadVocabulary, mayBeTypo, meaningsOf } from './search-typos';
import { precompressed } from './vehicle-list-cache';
import {
  isPublishedCondition,
  publicVehicleColumns,
  toPublicListItem,
  toPublicVehicleDetail,
} from './vehicle-projection';

const SORT_KEYS = vehicleSortKeys(vehicles);
const SEARCH_VIN = vehicleSearchVin(vehicles);

/** From this length a word also matches anywhere in a VIN: a dealer's "last six" or "last eight". */
export const VIN_ANYWHERE_FROM = 5;

/**
 * A word as written: a substring of make, model, trim or year; from 3 characters also the start
 * of the VIN (a manufacturer code), from 5 anywhere in it (the serial a dealer reads off a
 * windshield). Shorter words and a 4-digit year stay out of the VIN, where they would match at
 * random among tens of thousands of serials.
 */
function writtenMatch(word: string, withVin = true): SQL {
  const substring = sql`${vehicles.searchText} like ${`%${escapeLike(word)}%`}`;
  const vin = withVin ? vinMatch(word) : null;
  return vin ? or(substring, vin)! : substring;
}

/**
 * How a word matches a VIN, or null for a word too short to (see writtenMatch) or one no VIN can
 * hold: every VIN kept is well formed (the upload's and the sheet import's rules, contracts/vin.ts:
 * no I, O or Q), so "toyota", "nissan" or "f-150" are never looked for there — a lookup spared,
 * and a page walk reads two LIKEs a row instead of four for "toyta" read as "toyota".
 */
export function vinMatch(word: string): SQL | null {
  if (word.length < 3 || !VIN_CHARSET.test(word.toUpperCase())) return null;
  const escaped = escapeLike(word);
  return sql`${SEARCH_VIN} like ${word.length >= VIN_ANYWHERE_FROM ? `%${escaped}%` : `${escaped}%`}`;
}

/**
 * Whether a published vehicle's VIN matches one of the words. Materialized, so the planner plans
 * the lookup for every match (the VIN indexes: usually nothing, in a fraction of a millisecond)
 * rather than for the first, which it expected to find early by reading the table (~30 ms).
 */
async function someVinMatches(db: Database, meanings: string[][]): Promise<boolean> {
  const vins = meanings.flat().flatMap((term) => vinMatch(term) ?? []);
  if (vins.length === 0) return false;
  const result = (await db.execute(sql`
    with matches as materialized (select ${vehicles.id} from ${vehicles} where ${and(isPublishedCondition, or(...vins))})
    select 1 as found where exists (select 1 from matches)`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/**
 * Published vehicles matching every word (in one of its meanings) and the given conditions;
 * `withVin` false when no published VIN matches a word (someVinMatches), so the words read only
 * the searched text, which the sorts' indexes carry (a count, or a walk to a page, read from them
 * alone).
 */
const matching = (meanings: string[][], conditions: SQL[], withVin = true): SQL =>
  and(
    isPublishedCondition,
    ...meanings.map((terms) => or(...terms.map((term) => writtenMatch(term, withVin)))),
    ...conditions,
  )!;

export interface SearchContext {
  /** The branded certification name (`cert=premium`). */
  premiumLabel: string;
  /** Where a car with no location stands (LOT_ZIP), for `within`. */
  lotZip: string;
  cache: VehicleSearchCache;
  /** COLLECT_AND_SORT_UP_TO unless given (tests read both ways on a small list). */
  collectAndSortUpTo?: number;
  /** FIRST_WALK_ENTRIES unless given (tests make it short enough to miss on a small list). */
  firstWalkEntries?: number;
}

/**
 * One page of the public vehicle list for a search (GET /api/vehicles/search): keyset-paged on
 * the sort's key and the id (a page never repeats or skips a vehicle when others are added), with
 * the total and the facets of every match. Words are matched as written; only when that finds
 * nothing is each word also read as a typo of the makes and models it resembles ("toyta camr").
 */
export async function searchVehicles(
  db: Database,
  query: VehicleSearchQuery,
  context: SearchContext,
): Promise<VehicleSearchResult> {
  const after = query.cursor ? decodeCursor(query.cursor, query.sort, SORT_KEYS[query.sort]) : null;
  const distance = await searchDistance(db, query, context);
  const search = { query, after, distance };
  const words = searchWordsOf(query.q);
  // The words makes and models are written with, read beside the search when a word may be a typo
  // (kept between requests: after a change of the list only), so a search that finds nothing as
  // written does not wait for them.
  const loadingVocabulary = words.some(mayBeTypo)
    ? context.cache.vocabulary.get('', () => loadVocabulary(db))
    : null;
  let [found] = await Promise.all([
    findMatches(
      db,
      search,
      context,
      words.map((word) => [word]),
    ),
    loadingVocabulary,
  ]);
  if (found.counts.total === 0 && loadingVocabulary) {
    const meanings = await meaningsOf(db, words, await loadingVocabulary);
    if (meanings.some((terms) => terms.length > 1)) found = await findMatches(db, search, context, meanings);
  }
  const { rows, counts } = found;
  const page = rows.slice(0, query.limit);
  const photos = await photosByVehicle(
    db,
    page.map((row) => row.id),
  );
  const last = page.at(-1);
  return {
    items: page.map((row) => toPublicListItem(toPublicVehicleDetail(row, photos.get(row.id) ?? []))),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor(query.sort, { key: last.sortKey, tieBreak: last.tieBreak })
        : null,
    ...counts,
    distance: distance && { zip: distance.zip, place: distance.place, within: distance.within },
  };
}

/**
 * Up to this many matches, a page is read by collecting the matches (the trigram indexes) and
 * sorting them; above, by walking the sort's index until the page is full. Walking is fastest when
 * matches are many and spread out, but a few thousand matches that all sort late ("honda 2015"
 * among newest first) meant walking past ~20,000 others (23 ms instead of 10).
 */
const COLLECT_AND_SORT_UP_TO = 5000;

/**
 * When the counts scan the vehicles (a range, not kept), a page is first read by walking at most
 * this many entries of the sort's index, in step with them (on PostgreSQL two connections at once):
 * when the matches are spread along the key, the page is found there (1,765 Kias of 50,000 cars by
 * price: 711 entries, 2 ms, where collecting read 6,250 Kias for 14 ms after the counts' 21 ms);
 * when they bunch ("honda 2015" among newest first) or are too few, the walk stops here and the
 * page is collected or walked whole once the counts say how many there are (ADR 0013).
 */
export const FIRST_WALK_ENTRIES = 2000;

/**
 * The filters on each sort's key: with one of them set, the sort's index starts at the range and
 * the page is its first entries ("most 30,000 miles", mileage first), so it is walked, never
 * collected (collecting read every car: 16 ms against a fraction of one).
 */
const RANGES_ON_KEY: Record<VehicleSort, (keyof VehicleSearchQuery)[]> = {
  newest: ['yearMin', 'yearMax'],
  'price-asc': ['priceMin', 'priceMax'],
  'price-desc': ['priceMin', 'priceMax'],
  'mileage-asc': ['maxMiles'],
};
const rangeOnSortKey = (query: VehicleSearchQuery) =>
  RANGES_ON_KEY[query.sort].some((name) => query[name] !== null);

/**
 * The counts of every match (their groups kept between requests: a search's other pages, and its
 * other choices of certification, grade, make and model, count from them), then the page's rows.
 */
async function findMatches(
  db: Database,
  {
    query,
    after,
    distance,
  }: { query: VehicleSearchQuery; after: SearchPosition | null; distance: SearchDistance | null },
  {
    premiumLabel,
    cache,
    collectAndSortUpTo = COLLECT_AND_SORT_UP_TO,
    firstWalkEntries = FIRST_WALK_ENTRIES,
  }: SearchContext,
  meanings: string[][],
) {
  const filters = filterConditions(query, distance);
  const choices = facetChoicesOf(query, premiumLabel);
  const base = JSON.stringify([
    meanings,
    [query.yearMin, query.yearMax, query.priceMin, query.priceMax, query.maxMiles],
    distance && [distance.zips, distance.lot],
  ]);
  // Whether a published VIN matches a word, asked once for these words until the list changes: when
  // none does, the page reads the searched text only, which the sorts' indexes carry (a walk then
  // reads the index alone), and the counts come from the groups.
  const vin = await cache.vins.get(JSON.stringify(meanings), () => someVinMatches(db, meanings));
  const where = matching(meanings, [...filters, ...facetConditions(choices)], vin);
  const onGroups = groupFilters(query, distance);
  // A range on the sort's key: the index starts at the range, the page is walked from there, beside
  // the counts. Counts that read the vehicles (a price or mileage range, not kept; the most miles
  // also read its band's cars): the first FIRST_WALK_ENTRIES of the index beside them, which find
  // spread-out matches ("Kia" among 50,000 by price: collecting them after the counts cost 14 ms,
  // walking 2). Counts read from the groups alone (a millisecond) say first how the page is read.
  const ranged = rangeOnSortKey(query);
  const firstHow = ranged
    ? 'walk'
    : (onGroups === null || onGroups.boundary !== null) && !cache.counts.has(base)
      ? { walkUpTo: firstWalkEntries }
      : null;
  // Every match, by certification, make, model and grade: a search no VIN matches, with no price
  // range, from the published list's groups (by model year and place too; by mileage band for the
  // most miles); otherwise from the vehicles, a price range on the ascending price's key whatever
  // the sort (that index carries what the count reads, migration 0036).
  const [all, first] = await Promise.all([
    cache.counts.get(base, () =>
      onGroups !== null && !vin
        ? countGroups(
            db,
            meanings,
            onGroups,
            onGroups.boundary && matching(meanings, onGroups.boundary, false),
          )
        : countMatches(
            db,
            matching(meanings, filterConditions({ ...query, sort: 'price-asc' }, distance), vin),
          ),
    ),
    firstHow === null ? null : findPage(db, where, query, after, firstHow),
  ]);
  const counts = facetCounts(all, choices, premiumLabel);
  if (counts.total === 0) return { rows: [], counts };
  // The page, and the row after it that says there is a next page: found in the first entries.
  if (first !== null && (ranged || first.length > query.limit)) return { rows: first, counts };
  const rows = await findPage(
    db,
    where,
    query,
    after,
    counts.total <= collectAndSortUpTo ? 'collect' : 'walk',
  );
  return { rows, counts };
}

/** searchVehicles as JSON (each encoding compressed when first asked), kept for the next identical search until the list changes. */
export function searchAnswer(db: Database, query: VehicleSearchQuery, context: SearchContext) {
  const key = JSON.stringify([
    searchWordsOf(query.q),
    query.cert,
    query.grade,
    query.sort,
    query.limit,
    query.cursor,
    query.make?.toLowerCase(),
    query.model?.toLowerCase(),
    query.yearMin,
    query.yearMax,
    query.priceMin,
    query.priceMax,
    query.maxMiles,
    query.within,
    query.within === null ? null : query.zip,
  ]);
  return context.cache.answers.get(key, async () =>
    precompressed(Buffer.from(JSON.stringify(await searchVehicles(db, query, context)))),
  );
}

/**
 * `limit + 1` rows after the cursor: the extra one says whether there is a next page. How:
 * - `walk`: the sort's index in order until the page is full (the ids from the index alone, then
 *   the page's rows);
 * - `collect`: ordered by the key plus zero — the same order, which the sort's index cannot give —
 *   so the database collects the matches and sorts them (see COLLECT_AND_SORT_UP_TO);
 * - `{ walkUpTo }`: the matches among the index's first `walkUpTo` entries after the cursor only (a
 *   subquery named as the table, so the conditions read its rows): the page when it holds
 *   `limit + 1` of them, fewer rows otherwise (see FIRST_WALK_ENTRIES).
 */
function findPage(
  db: Database,
  where: SQL,
  query: VehicleSearchQuery,
  after: SearchPosition | null,
  how: 'walk' | 'collect' | { walkUpTo: number },
) {
  const { key, keyType, tieBreak, descending } = SORT_KEYS[query.sort];
  const orderKey = how === 'collect' ? sql`(${key} + 0)` : key;
  const direction = sql.raw(descending ? 'desc' : 'asc');
  // One row comparison, so the sort's index seeks straight to the page (schema.ts vehicleSortKeys).
  const afterCursor = after
    ? sql`(${key}, ${tieBreak}) ${sql.raw(descending ? '<' : '>')} (${after.key}::${sql.raw(keyType)}, ${after.tieBreak}::integer)`
    : undefined;
  // The subquery hands on its key by name, so its order is the page's: no sort, and the walk
  // stops at the page's last row.
  const walkKey = sql.raw('"walk_key"');
  const source =
    typeof how === 'object'
      ? db
          .select({ ...getTableColumns(vehicles), walkKey: sql`${key}`.as('walk_key') })
          .from(vehicles)
          .where(and(isPublishedCondition, afterCursor))
          .orderBy(sql`${key} ${direction}`, sql`${tieBreak} ${direction}`)
          .limit(how.walkUpTo)
          .as(getTableName(vehicles))
      : vehicles;
  const columns = {
    ...publicVehicleColumns,
    sortKey: sql<string | number>`${key}`,
    tieBreak: sql<number>`${tieBreak}`,
  };
  const inOrder = [sql`${key} ${direction}`, sql`${tieBreak} ${direction}`];
  if (how === 'walk') {
    // The page's ids from the sort's index alone (it carries what words and filters read,
    // migrations 0036 and 0040), then only their rows from the table.
    const page = db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(where, afterCursor))
      .orderBy(...inOrder)
      .limit(query.limit + 1);
    return db
      .select(columns)
      .from(vehicles)
      .where(inArray(vehicles.id, page))
      .orderBy(...inOrder);
  }
  return db
    .select(columns)
    .from(source)
    .where(and(where, afterCursor))
    .orderBy(
      sql`${typeof how === 'object' ? sql`${sql.identifier(getTableName(vehicles))}.${walkKey}` : orderKey} ${direction}`,
      sql`${tieBreak} ${direction}`,
    )
    .limit(query.limit + 1);
}
