import { AUCTION_CERTIFIED } from '@contracts/limits';
import type { VehicleSearchResult } from '@contracts/vehicle-search';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vehicles } from '../../db/schema';

export type SearchCounts = Pick<VehicleSearchResult, 'total' | 'facets'>;

/** The total and the facets of every match, from one count per certification and make. */
export async function countMatches(db: Database, where: SQL, premiumLabel: string): Promise<SearchCounts> {
  const rows = await db
    .select({ condition: vehicles.condition, make: vehicles.make, count: sql<number>`count(*)::integer` })
    .from(vehicles)
    .where(where)
    .groupBy(vehicles.condition, vehicles.make);
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
