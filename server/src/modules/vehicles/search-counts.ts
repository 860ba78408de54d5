import { AUCTION_CERTIFIED } from '@contracts/limits';
import type { VehicleSearchResult } from '@contracts/vehicle-search';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vehicles } from '../../db/schema';
import { isPublishedCondition } from './vehicle-projection';

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
 * Published vehicles grouped by what a search without VIN matches and filters on: the searched
 * text, the certification, the make and the grade. An inventory of 50,000 has a few hundred to a
 * few thousand such groups, so a search that matches no VIN is counted from them in memory (a
 * short word like "s" matches most of the table: counting it in the database was ~50 ms).
 */
export interface SearchGroup extends CountRow {
  text: string;
  grade: number | null;
}

export async function loadSearchGroups(db: Database): Promise<SearchGroup[]> {
  const rows = await db
    .select({
      text: vehicles.searchText,
      condition: vehicles.condition,
      make: vehicles.make,
      grade: vehicles.grade,
      count: sql<number>`count(*)::integer`,
    })
    .from(vehicles)
    .where(isPublishedCondition)
    .groupBy(vehicles.searchText, vehicles.condition, vehicles.make, vehicles.grade);
  return rows.map((row) => ({ ...row, grade: row.grade === null ? null : Number(row.grade) }));
}

/**
 * The counts of a search from the groups: every word matches the searched text in one of its
 * meanings (as the SQL's `like '%word%'`), of the certification, at least the grade.
 */
export function countGroups(
  groups: readonly SearchGroup[],
  meanings: readonly string[][],
  condition: string | null,
  minGrade: number | null,
  premiumLabel: string,
): SearchCounts {
  return countsOf(
    groups.filter(
      (group) =>
        (condition === null || group.condition === condition) &&
        (minGrade === null || (group.grade !== null && group.grade >= minGrade)) &&
        meanings.every((terms) => terms.some((term) => group.text.includes(term))),
    ),
    premiumLabel,
  );
}

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
