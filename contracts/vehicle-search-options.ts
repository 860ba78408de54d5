/**
 * The choices of GET /api/vehicles/search, named as the inventory page names them in its URL
 * (?q=&cert=&grade=&sort=&make=&model=&yearMin=&yearMax=&priceMin=&priceMax=&maxMiles=&within=&zip=).
 * No zod here, so a public page can import them without a validation library
 * (contracts/vehicle-search.ts holds the schemas, built on the same rules).
 */

/** newest = model year descending (docs/product.md §2); ties list the newest listing first. */
export const VEHICLE_SORTS = ['newest', 'price-asc', 'price-desc', 'mileage-asc'] as const;
export type VehicleSort = (typeof VEHICLE_SORTS)[number];

/** all, or one certification: premium (the brand's name + ' Certified') or Auction Certified. */
export const CERTIFICATION_FILTERS = ['all', 'premium', 'auction'] as const;
export type CertificationFilter = (typeof CERTIFICATION_FILTERS)[number];

/** The inventory's "Grade ≥ N" choices besides any: the grade facet counts each of them. */
export const GRADE_MINIMUMS = ['2', '3', '4', '4.5'] as const;
export type GradeMinimum = (typeof GRADE_MINIMUMS)[number];

/** The inventory's "Within" choices, in road miles as a transport quote counts them. */
export const DISTANCE_CHOICES = [50, 100, 250, 500, 1000] as const;

export const SEARCH_PAGE_SIZE = 24;
export const MAX_SEARCH_PAGE_SIZE = 100;
export const MAX_SEARCH_TEXT = 100;
/** The longest make or model a search names. */
export const MAX_FILTER_NAME = 60;

/**
 * The numeric filters of a search: whole numbers within bounds. In a URL a field may be empty (a
 * GET form sends its empty fields): that is no filter. Dollars and miles may be written with
 * thousands separators ("20,000").
 */
export const NUMBER_FILTERS = {
  yearMin: { min: 1900, max: 2100, what: 'a model year from 1900 to 2100' },
  yearMax: { min: 1900, max: 2100, what: 'a model year from 1900 to 2100' },
  priceMin: { min: 0, max: 99_999_999, what: 'a whole number of dollars from 0 to 99,999,999' },
  priceMax: { min: 0, max: 99_999_999, what: 'a whole number of dollars from 0 to 99,999,999' },
  maxMiles: { min: 0, max: 9_999_999, what: 'a whole number of miles from 0 to 9,999,999' },
  within: { min: 1, max: 3000, what: 'a whole number of miles from 1 to 3,000' },
} as const;
export type NumberFilter = keyof typeof NUMBER_FILTERS;

/**
 * A numeric filter as written in a URL or a form: '' when empty, its digits when valid, null when
 * not valid (not a whole number, or out of bounds).
 */
export function numberFilterValue(name: NumberFilter, written: string): string | null {
  const digits = written
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(?:,|$))/g, '');
  if (digits === '') return '';
  if (!/^\d{1,9}$/.test(digits)) return null;
  const n = Number(digits);
  const { min, max } = NUMBER_FILTERS[name];
  return n >= min && n <= max ? String(n) : null;
}

/** A ZIP code as a search takes it: five digits. */
export const isSearchZip = (zip: string) => /^\d{5}$/.test(zip);
