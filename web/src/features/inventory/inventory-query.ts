import { AUCTION_CERTIFIED } from '@contracts/limits';
import type { PublicVehicle } from '@contracts/vehicle';
import { gradeOf } from '@/lib/condition-report';
import { toAmount } from '@/lib/format';

/**
 * Search, certification filter and sort of the Vehicle Listings page (spec §2, §5, §9), as pure
 * functions over a list prepared once, so typing stays instant on thousands of vehicles.
 */
export const SORTS = ['newest', 'price-asc', 'price-desc', 'mileage-asc'] as const;
export type SortKey = (typeof SORTS)[number];
export const SORT_LABELS: Record<SortKey, string> = {
  newest: 'Newest First',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  'mileage-asc': 'Mileage: Low to High',
};

export const CERT_FILTERS = ['all', 'premium', 'auction'] as const;
export type CertFilter = (typeof CERT_FILTERS)[number];

/** "Grade ≥ N": any, or the lowest grade shown; ungraded vehicles drop out once one is chosen. */
export const GRADE_FILTERS = ['any', '2', '3', '4', '4.5'] as const;
export type GradeFilter = (typeof GRADE_FILTERS)[number];
export const GRADE_FILTER_LABELS: Record<GradeFilter, string> = {
  any: 'Any grade',
  '2': '2.0 and up',
  '3': '3.0 and up',
  '4': '4.0 and up',
  '4.5': '4.5 and up',
};
export const minGradeOf = (filter: GradeFilter): number | null => (filter === 'any' ? null : Number(filter));

export const VIEWS = ['grid', 'list'] as const;
export type ViewMode = (typeof VIEWS)[number];

export interface IndexedVehicle {
  vehicle: PublicVehicle;
  /** make, model, year and VIN in lower case, searched by substring. */
  haystack: string;
  price: number | null;
  /** The condition grade, null when the vehicle has no report yet. */
  grade: number | null;
}

/**
 * Keeps only published vehicles — active and out of the queue (spec §4; sold ones render no card,
 * and an admin's list also holds queued and removed ones) — and precomputes what search and sort read.
 */
export const indexVehicles = (vehicles: readonly PublicVehicle[]): IndexedVehicle[] =>
  vehicles
    .filter((vehicle) => vehicle.status === 'active' && !(vehicle as { inQueue?: boolean }).inQueue)
    .map((vehicle) => ({
      vehicle,
      haystack: [vehicle.make, vehicle.model, vehicle.year, vehicle.vin]
        .filter((part) => part !== null)
        .join(' ')
        .toLowerCase(),
      price: toAmount(vehicle.price),
      grade: gradeOf(vehicle),
    }));

/** Ascending or descending by a nullable number; missing values always go last. */
function byNullable<T>(read: (item: T) => number | null, direction: 1 | -1) {
  return (a: T, b: T) => {
    const x = read(a);
    const y = read(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return (x - y) * direction;
  };
}

const COMPARATORS: Record<SortKey, (a: IndexedVehicle, b: IndexedVehicle) => number> = {
  newest: byNullable((item) => item.vehicle.year, -1),
  'price-asc': byNullable((item) => item.price, 1),
  'price-desc': byNullable((item) => item.price, -1),
  'mileage-asc': byNullable((item) => item.vehicle.mileage, 1),
};

/** A sorted copy; ties keep the newest listing first, then the lowest id, so the order is stable. */
export function sortVehicles(items: readonly IndexedVehicle[], sort: SortKey): IndexedVehicle[] {
  const compare = COMPARATORS[sort];
  return [...items].sort(
    (a, b) =>
      compare(a, b) || b.vehicle.createdAt.localeCompare(a.vehicle.createdAt) || a.vehicle.id - b.vehicle.id,
  );
}

export const searchTerms = (query: string) => query.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * Keeps the vehicles whose make, model, year or VIN contain every search term (any case), of the
 * certification, and graded at least `minGrade` when one is set.
 */
export function filterVehicles(
  items: readonly IndexedVehicle[],
  query: string,
  cert: CertFilter,
  premiumLabel: string,
  minGrade: number | null = null,
): IndexedVehicle[] {
  const terms = searchTerms(query);
  const condition = cert === 'premium' ? premiumLabel : cert === 'auction' ? AUCTION_CERTIFIED : null;
  if (terms.length === 0 && condition === null && minGrade === null) return items as IndexedVehicle[];
  return items.filter(
    (item) =>
      (condition === null || item.vehicle.condition === condition) &&
      (minGrade === null || (item.grade !== null && item.grade >= minGrade)) &&
      terms.every((term) => item.haystack.includes(term)),
  );
}
