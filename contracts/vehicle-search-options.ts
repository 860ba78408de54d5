/**
 * The choices of GET /api/vehicles/search, named as the inventory page names them in its URL
 * (?q=&cert=&grade=&sort=). No zod here, so a public page can import them without a validation
 * library (contracts/vehicle-search.ts holds the schemas).
 */

/** newest = model year descending (docs/product.md §2); ties list the newest listing first. */
export const VEHICLE_SORTS = ['newest', 'price-asc', 'price-desc', 'mileage-asc'] as const;
export type VehicleSort = (typeof VEHICLE_SORTS)[number];

/** all, or one certification: premium (the brand's name + ' Certified') or Auction Certified. */
export const CERTIFICATION_FILTERS = ['all', 'premium', 'auction'] as const;
export type CertificationFilter = (typeof CERTIFICATION_FILTERS)[number];

export const SEARCH_PAGE_SIZE = 24;
export const MAX_SEARCH_PAGE_SIZE = 100;
export const MAX_SEARCH_TEXT = 100;
