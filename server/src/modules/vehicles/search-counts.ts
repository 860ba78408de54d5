import { AUCTION_CERTIFIED } from '@contracts/limits';
import type { VehicleSearchResult } from '@contracts/vehicle-search';
import { and, eq, gte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vehicleSearchGroups, vehicles } from '../../db/schema';

export type SearchCounts = Pick<VehicleSearchResult, 'total' | 'facets'>;

interface CountRow {
  condition: string | null;
  make: string | null;
  count: number;
}

/** The total and the facets of every match, from one count per certification and make. */
export async function countMatches(db: Database, where: SQL, premiumLabel: string): Promise<SearchCounts> {
  const rows = await db
    .select({ condition: vehicles.condition, make: vehicles.make, count: sql<number>`count(*)::integer` })
    .from(vehicles)
    .where(where)
    .groupBy(vehicles.condition, vehicles.make);
  return countsOf(rows, premiumLabel);
}

/**
 * The counts of a search that matches no VIN, from the published list's groups (vehicle_search_groups:
 * a few hundred or thousand rows, appended by triggers, folded by housekeeping; a group's vehicles
 * are the sum of its rows): every word matches the searched text in one of its meanings, of the
 * certification, at least the grade. A short word like "s" matched ~40,000 of 50,000 vehicles:
 * counting them was ~50 ms, the groups ~1 ms.
 */
export async function countGroups(
  db: Database,
  meanings: readonly string[][],
  condition: string | null,
  minGrade: number | null,
  premiumLabel: string,
): Promise<SearchCounts> {
  const g = vehicleSearchGroups;
  const rows = await db
    .select({ condition: g.condition, make: g.make, count: sql<number>`sum(${g.count})::integer` })
    .from(g)
    .where(
      and(
        ...meanings.map((terms) =>
          or(...terms.map((term) => sql`${g.searchText} like ${`%${escapeLike(term)}%`}`)),
        ),
        condition === null ? undefined : eq(g.condition, condition),
        minGrade === null ? undefined : gte(g.grade, minGrade.toFixed(1)),
      ),
    )
    .groupBy(g.condition, g.make)
    .having(sql`sum(${g.count}) <> 0`);
  return countsOf(
    rows.map((row) => ({ ...row, make: row.make === '' ? null : row.make })),
    premiumLabel,
  );
}

export const escapeLike = (word: string) => word.replace(/[\\%_]/g, '\\$&');

function countsOf(rows: readonly CountRow[], premiumLabel: string): SearchCounts {
  const counts: SearchCounts = { total: 0, facets: { certification: { premium: 0, auction: 0 }, make: [] } };
  const byMake = new Map<string, number>();
  for (const { condition, make, count } of rows) {
    counts.total += count;
    if (condition === premiumLabel) counts.facets.certification.premium += count;
    else if (condition === AUCTION_CERTIFIED) counts.facets.certification.auction += count;
    if (make !== null) byMake.set(make, (byMake.get(make) ?? 0) + count);
  }
  counts.facets.make = [...byMake]
    .map(([make, count]) => ({ make, count }))
    .sort((a, b) => b.count - a.count || a.make.localeCompare(b.make));
  return counts;
}
