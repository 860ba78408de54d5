import { AUCTION_CERTIFIED } from '@contracts/limits';
import { MAX_AMOUNT } from '@contracts/money';
import { SEARCH_TEXT, type VehicleSearchQuery } from '@contracts/vehicle-search';
import { eq, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vehicleMileageGroups, vehicleSearchGroups, vehicleSortKeys, vehicles } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { placeOfZip, reachablePlace, roadMiles } from '../../lib/zip';
import { onSaleToEveryoneSql } from '../car-visibility/car-visibility';
import type { VehicleSearchCache } from './search-cache';
import type { FacetChoices, GroupFilters } from './search-counts';

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
 * The distinct places published cars stand (their location ZIPs; null, the lot, is always a
 * candidate), kept until the list changes: a handful for a whole inventory, so the distance to
 * each is reckoned here, in road miles as a transport quote counts them (lib/zip.ts roadMiles),
 * rather than per car in SQL. Read by skipping from one ZIP to the next in the location index
 * (migration 0026): a lookup per place instead of a pass over every car.
 */
async function loadLocations(db: Database): Promise<string[]> {
  const published = onSaleToEveryoneSql('v');
  const result = (await db.execute(sql`
    with recursive places(zip) as (
      (select v.location_zip from vehicles v where ${published} and v.location_zip is not null
        order by v.location_zip limit 1)
      union all
      select (select v.location_zip from vehicles v where ${published} and v.location_zip > places.zip
        order by v.location_zip limit 1)
      from places where places.zip is not null
    )
    select zip from places where zip is not null`)) as unknown as { rows: { zip: string }[] };
  return result.rows.map((row) => row.zip);
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
    zips: locations.filter(inReach),
    lot: inReach(lotZip),
  };
}

const SORT_KEYS = vehicleSortKeys(vehicles);

/**
 * The filters no facet counts, in SQL: model years and prices from–to, the most miles, the places
 * in reach. A car missing the value a filter reads drops out. Each range is written on a sort's
 * key (schema.ts vehicleSortKeys: a missing value is a sentinel outside every range), both ends on
 * one key, the current sort's when it is that value's: its index then starts at the range and
 * stops at its end, and a narrow range's cars are found rather than every car read.
 */
export function filterConditions(
  query: Pick<VehicleSearchQuery, 'sort' | 'yearMin' | 'yearMax' | 'priceMin' | 'priceMax' | 'maxMiles'>,
  distance: SearchDistance | null,
): SQL[] {
  const { yearMin, yearMax, priceMin, priceMax, maxMiles } = query;
  const price = SORT_KEYS[query.sort === 'price-desc' ? 'price-desc' : 'price-asc'].key;
  const conditions: (SQL | undefined)[] = [
    // A missing year is -1; model years are 1900 and later.
    yearMin === null && yearMax === null
      ? undefined
      : sql`${SORT_KEYS.newest.key} between ${yearMin ?? 0} and ${yearMax ?? 32767}`,
    // A missing price is 0 or 100,000,000; prices are from 0.01 to MAX_AMOUNT.
    priceMin === null && priceMax === null
      ? undefined
      : sql`${price} between ${Math.max(priceMin ?? 0, 0.01).toFixed(2)}::numeric and ${priceMax === null ? MAX_AMOUNT : priceMax.toFixed(2)}::numeric`,
    // A missing mileage is 2^31 - 1.
    maxMiles === null ? undefined : sql`${SORT_KEYS['mileage-asc'].key} <= ${maxMiles}`,
    distance === null ? undefined : inReachSql(distance),
  ];
  return conditions.filter((condition) => condition !== undefined);
}

function inReachSql({ zips, lot }: SearchDistance): SQL {
  const atZips = zips.length > 0 ? inArray(vehicles.locationZip, zips) : undefined;
  const atLot = lot ? isNull(vehicles.locationZip) : undefined;
  return or(atZips, atLot) ?? sql`false`;
}

/** A mileage band of the mileage groups (migration 0039): the mileage sort key over this, in whole numbers. */
export const MILEAGE_BAND = 10_000;

/**
 * The filters no facet counts on the search groups (migration 0036: by model year and place, a
 * missing year stored as -1 as on the newest sort's key, the lot's cars as ''), with the most miles
 * on the mileage groups (migration 0039): every band whose miles are all within it, and the cars
 * of the band it cuts from the vehicles (a band is the mileage key over MILEAGE_BAND in whole
 * numbers, as in SQL, so the two parts are every car once). Null with a price range: prices are
 * not grouped (a group per car), so those searches are counted from the cars (the price sorts'
 * covering index).
 */
export function groupFilters(
  query: Pick<VehicleSearchQuery, 'yearMin' | 'yearMax' | 'priceMin' | 'priceMax' | 'maxMiles'>,
  distance: SearchDistance | null,
): GroupFilters | null {
  const { yearMin, yearMax, priceMin, priceMax, maxMiles } = query;
  if (priceMin !== null || priceMax !== null) return null;
  const table = maxMiles === null ? vehicleSearchGroups : vehicleMileageGroups;
  // The bands below `cut` hold only cars within maxMiles; the band `cut` may hold cars beyond it.
  const cut = maxMiles === null ? 0 : Math.floor((maxMiles + 1) / MILEAGE_BAND);
  const conditions: (SQL | undefined)[] = [
    yearMin === null && yearMax === null
      ? undefined
      : sql`${table.year} between ${yearMin ?? 0} and ${yearMax ?? 32767}`,
    distance === null
      ? undefined
      : (or(
          distance.zips.length > 0 ? inArray(table.locationZip, distance.zips) : undefined,
          distance.lot ? eq(table.locationZip, '') : undefined,
        ) ?? sql`false`),
    maxMiles === null ? undefined : sql`${vehicleMileageGroups.mileageBand} < ${cut}`,
  ];
  const mileage = SORT_KEYS['mileage-asc'].key;
  return {
    table,
    conditions: conditions.filter((condition) => condition !== undefined),
    boundary:
      maxMiles === null
        ? null
        : [
            ...filterConditions({ ...query, sort: 'mileage-asc' }, distance),
            // The band `cut` and above (in whole numbers a key over -MILEAGE_BAND is band 0).
            cut > 0 ? sql`${mileage} >= ${cut * MILEAGE_BAND}` : sql`${mileage} > ${-MILEAGE_BAND}`,
          ],
  };
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
