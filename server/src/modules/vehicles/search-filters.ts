import { AUCTION_CERTIFIED } from '@contracts/limits';
import { SEARCH_TEXT, type VehicleSearchQuery } from '@contracts/vehicle-search';
import { eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vehicles } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { placeOfZip, reachablePlace, roadMiles } from '../../lib/zip';
import type { VehicleSearchCache } from './search-cache';
import type { FacetChoices } from './search-counts';
import { isPublishedCondition } from './vehicle-projection';

/**
 * Where "within N miles of a ZIP" reaches: the place measured from, and the places of published
 * cars in reach, as location ZIPs and whether the lot is (a car with no location stands there).
 */
export interface SearchDistance {
  zip: string;
  place: string;
  within: number;
  zips: string[];
  lot: boolean;
}

/**
 * The distinct places published cars stand (their location ZIPs; null = the lot), kept until the
 * list changes: a handful for a whole inventory, so the distance to each is reckoned here, in
 * road miles as a transport quote counts them (lib/zip.ts roadMiles), rather than per car in SQL.
 */
async function loadLocations(db: Database): Promise<(string | null)[]> {
  const rows = await db
    .selectDistinct({ zip: vehicles.locationZip })
    .from(vehicles)
    .where(isPublishedCondition);
  return rows.map((row) => row.zip);
}

/**
 * The distance filter of a search, or null without `within`. Its ZIP is the one sent (the route
 * puts a signed-in dealer's delivery ZIP there when none is): unknown or out of a truck's reach
 * is a 400 (the one ZIP rule's), none at all a 400 saying what to do.
 */
export async function searchDistance(
  db: Database,
  query: Pick<VehicleSearchQuery, 'within' | 'zip'>,
  { cache, lotZip }: { cache: VehicleSearchCache; lotZip: string },
): Promise<SearchDistance | null> {
  const { within, zip } = query;
  if (within === null) return null;
  if (zip === null) throw badRequest(SEARCH_TEXT.withinNeedsZip);
  const from = placeOfZip(zip);
  const locations = await cache.locations.get('', () => loadLocations(db));
  const inReach = (at: string) => {
    const place = reachablePlace(at);
    return place !== null && roadMiles(from, place) <= within;
  };
  return {
    zip,
    place: from.place,
    within,
    zips: locations.filter((at): at is string => at !== null && inReach(at)),
    lot: inReach(lotZip),
  };
}

/**
 * The filters no facet counts, in SQL: model years and prices from–to, the most miles, the places
 * in reach. A car missing the value a filter reads drops out (a comparison with null is not true).
 */
export function filterConditions(
  query: Pick<VehicleSearchQuery, 'yearMin' | 'yearMax' | 'priceMin' | 'priceMax' | 'maxMiles'>,
  distance: SearchDistance | null,
): SQL[] {
  const conditions: (SQL | undefined)[] = [
    query.yearMin === null ? undefined : gte(vehicles.year, query.yearMin),
    query.yearMax === null ? undefined : lte(vehicles.year, query.yearMax),
    query.priceMin === null ? undefined : gte(vehicles.price, query.priceMin.toFixed(2)),
    query.priceMax === null ? undefined : lte(vehicles.price, query.priceMax.toFixed(2)),
    query.maxMiles === null ? undefined : lte(vehicles.mileage, query.maxMiles),
    distance === null ? undefined : inReachSql(distance),
  ];
  return conditions.filter((condition) => condition !== undefined);
}

function inReachSql({ zips, lot }: SearchDistance): SQL {
  const atZips = zips.length > 0 ? inArray(vehicles.locationZip, zips) : undefined;
  const atLot = lot ? isNull(vehicles.locationZip) : undefined;
  return or(atZips, atLot) ?? sql`false`;
}

/** The facets' choices of a search: the certification by its stored name, the grade, make and model. */
export const facetChoicesOf = (
  query: Pick<VehicleSearchQuery, 'cert' | 'grade' | 'make' | 'model'>,
  premiumLabel: string,
): FacetChoices => ({
  condition: query.cert === 'premium' ? premiumLabel : query.cert === 'auction' ? AUCTION_CERTIFIED : null,
  minGrade: query.grade,
  make: query.make,
  model: query.model,
});

/** The facets' choices in SQL (search-counts.ts facetCounts applies the same to the groups). */
export function facetConditions(choices: FacetChoices): SQL[] {
  const conditions: (SQL | undefined)[] = [
    choices.condition === null ? undefined : eq(vehicles.condition, choices.condition),
    choices.minGrade === null ? undefined : gte(vehicles.grade, choices.minGrade.toFixed(1)),
    choices.make === null ? undefined : sql`lower(${vehicles.make}) = ${choices.make.toLowerCase()}`,
    choices.model === null ? undefined : sql`lower(${vehicles.model}) = ${choices.model.toLowerCase()}`,
  ];
  return conditions.filter((condition) => condition !== undefined);
}
