import { AUCTION_CERTIFIED } from '@contracts/limits';
import type { VehicleSearchResult } from '@contracts/vehicle-search';
import { GRADE_MINIMUMS } from '@contracts/vehicle-search-options';
import { and, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type vehicleMileageGroups, type vehicleSearchGroups, vehicles } from '../../db/schema';
import { escapeLike } from '../../lib/list-choices';

export type SearchCounts = Pick<VehicleSearchResult, 'total' | 'facets'>;

/**
 * How many matches share a certification, make, model and grade. The matches are those of the
 * words and the filters no facet counts (years, prices, miles, distance); the facets' own choices
 * (certification, grade, make, model) are applied to these groups (facetCounts), so one set of
 * groups answers every combination of those choices, and each facet is counted without its own.
 */
export interface CountGroup {
  condition: string | null;
  make: string | null;
  model: string | null;
  grade: number | null;
  count: number;
}

/** The choices the facets count: a certification (its stored name, null for all), a minimum grade, a make and a model. */
export interface FacetChoices {
  condition: string | null;
  minGrade: number | null;
  make: string | null;
  model: string | null;
}

/**
 * Where a search's groups are read: the table (vehicle_search_groups, or vehicle_mileage_groups
 * for the most miles), the filters on it, and for the most miles the conditions on the vehicles
 * of the one band it cuts (read from the mileage index, beside the groups).
 */
export interface GroupFilters {
  table: typeof vehicleSearchGroups | typeof vehicleMileageGroups;
  conditions: SQL[];
  boundary: SQL[] | null;
}

/** The groups of every match of `where`, by certification, make, model and grade. */
export async function countMatches(db: Database, where: SQL): Promise<CountGroup[]> {
  const rows = await db
    .select({
      condition: vehicles.condition,
      make: vehicles.make,
      model: vehicles.model,
      grade: vehicles.grade,
      count: sql<number>`count(*)::integer`,
    })
    .from(vehicles)
    .where(where)
    .groupBy(vehicles.condition, vehicles.make, vehicles.model, vehicles.grade);
  return rows.map((row) => ({ ...row, grade: row.grade === null ? null : Number(row.grade) }));
}

/**
 * The groups of a search that matches no VIN and has no price range, from the published list's
 * groups (vehicle_search_groups: a few hundred or thousand rows, appended by triggers, folded by
 * housekeeping; a group's vehicles are the sum of its rows): every word matches the searched text
 * in one of its meanings, and the filters hold (search-filters.ts groupFilters: model years,
 * places). A short word like "s" matched ~40,000 of 50,000 vehicles: counting them was ~50 ms, the
 * groups ~1 ms. By model (migration 0036), so a chosen make's models need no other read. With the
 * most miles, from the groups by mileage band (vehicle_mileage_groups, migration 0039) below the
 * band it cuts, and that band's cars (`cutBand`: the same words and filters on the vehicles, from
 * the mileage index) beside them.
 */
export async function countGroups(
  db: Database,
  meanings: readonly string[][],
  { table: g, conditions }: GroupFilters,
  cutBand: SQL | null = null,
): Promise<CountGroup[]> {
  const [rows, cut] = await Promise.all([
    db
      .select({
        condition: g.condition,
        make: g.make,
        model: g.model,
        grade: g.grade,
        count: sql<number>`sum(${g.count})::integer`,
      })
      .from(g)
      .where(
        and(
          ...meanings.map((terms) =>
            or(...terms.map((term) => sql`${g.searchText} like ${`%${escapeLike(term)}%`}`)),
          ),
          ...conditions,
        ),
      )
      .groupBy(g.condition, g.make, g.model, g.grade)
      .having(sql`sum(${g.count}) <> 0`),
    cutBand === null ? [] : countMatches(db, cutBand),
  ]);
  // Missing values are stored as '' and -1 (migrations 0010 and 0036); facetCounts adds a group's
  // rows from both parts.
  return [
    ...rows.map((row) => ({
      condition: row.condition === '' ? null : row.condition,
      make: row.make === '' ? null : row.make,
      model: row.model === '' ? null : row.model,
      grade: Number(row.grade) < 0 ? null : Number(row.grade),
      count: row.count,
    })),
    ...cut,
  ];
}

/** Makes and models are chosen whole, in any case (search-vehicles.ts reads them so in SQL). */
const sameName = (chosen: string | null, value: string | null) =>
  chosen === null || (value != null && value.toLowerCase() === chosen.toLowerCase());

/** Most first, then by name: a facet's entries. */
function tally<K extends string>(groups: CountGroup[], nameOf: (group: CountGroup) => string | null, key: K) {
  const byName = new Map<string, number>();
  for (const group of groups) {
    const name = nameOf(group);
    if (name != null) byName.set(name, (byName.get(name) ?? 0) + group.count);
  }
  return [...byName]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([name, count]) => ({ [key]: name, count }) as { [P in K]: string } & { count: number });
}

const sum = (groups: CountGroup[]) => groups.reduce((total, group) => total + group.count, 0);

/**
 * The total (every choice applied) and the facets, each counted with every choice but its own:
 * the certifications with the grade, make and model chosen; the makes with the certification and
 * grade (not the make: the list to switch to another; nor the model, which belongs to a make); the
 * models of the chosen make with the certification and grade; each minimum grade with the
 * certification, make and model.
 */
export function facetCounts(groups: CountGroup[], choices: FacetChoices, premiumLabel: string): SearchCounts {
  const certified = (group: CountGroup) =>
    choices.condition === null || group.condition === choices.condition;
  const graded = (min: number | null) => (group: CountGroup) =>
    min === null || (group.grade !== null && group.grade >= min);
  const atGrade = graded(choices.minGrade);
  const ofChosenMake = groups.filter((group) => sameName(choices.make, group.make));
  const chosen = ofChosenMake.filter((group) => sameName(choices.model, group.model));
  const forCertification = chosen.filter(atGrade);
  return {
    total: sum(forCertification.filter(certified)),
    facets: {
      certification: {
        premium: sum(forCertification.filter((group) => group.condition === premiumLabel)),
        auction: sum(forCertification.filter((group) => group.condition === AUCTION_CERTIFIED)),
      },
      make: tally(
        groups.filter((group) => certified(group) && atGrade(group)),
        (group) => group.make,
        'make',
      ),
      model:
        choices.make === null
          ? []
          : tally(
              ofChosenMake.filter((group) => certified(group) && atGrade(group)),
              (group) => group.model,
              'model',
            ),
      grade: GRADE_MINIMUMS.map((min) => ({
        min,
        count: sum(chosen.filter((group) => certified(group) && graded(Number(min))(group))),
      })),
    },
  };
}
