import { formatMi } from '@contracts/mileage-format';
import {
  CERTIFICATION_FILTERS,
  type CertificationFilter,
  DISTANCE_CHOICES,
  GRADE_MINIMUMS,
  VEHICLE_SORTS,
  type VehicleSort,
} from '@contracts/vehicle-search-options';

/**
 * The choices of the Vehicle Listings page (docs/product.md §2, §5, §9): search, certification, grade,
 * sort and the filters (make, model, years, prices, miles, distance) are answered by the server
 * (GET /api/vehicles/search, the same names in its query string); the view is the page's own.
 */
export const SORTS = VEHICLE_SORTS;
export type SortKey = VehicleSort;
export const SORT_LABELS: Record<SortKey, string> = {
  newest: 'Newest First',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  'mileage-asc': 'Mileage: Low to High',
};

export const CERT_FILTERS = CERTIFICATION_FILTERS;
export type CertFilter = CertificationFilter;

/** "Grade ≥ N": any, or the lowest grade shown; ungraded vehicles drop out once one is chosen. */
export const GRADE_FILTERS = ['any', ...GRADE_MINIMUMS] as const;
export type GradeFilter = (typeof GRADE_FILTERS)[number];
export const GRADE_FILTER_LABELS: Record<GradeFilter, string> = {
  any: 'Any grade',
  '2': '2.0 and up',
  '3': '3.0 and up',
  '4': '4.0 and up',
  '4.5': '4.5 and up',
};

export const VIEWS = ['grid', 'list'] as const;
export type ViewMode = (typeof VIEWS)[number];

/** "Within": any distance, or one of the choices in road miles (a URL may hold another: it is kept). */
export const DISTANCE_OPTIONS = ['', ...DISTANCE_CHOICES.map(String)];
export const distanceLabel = (within: string) =>
  within === '' ? 'Any distance' : `Within ${formatMi(Number(within))}`;
