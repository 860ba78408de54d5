import { publicVehicleSchema } from './vehicle';
import {
  CERTIFICATION_FILTERS,
  GRADE_MINIMUMS,
  isSearchZip,
  MAX_FILTER_NAME,
  MAX_SEARCH_PAGE_SIZE,
  MAX_SEARCH_TEXT,
  NUMBER_FILTERS,
  type NumberFilter,
  numberFilterValue,
  SEARCH_PAGE_SIZE,
  VEHICLE_SORTS,
} from './vehicle-search-options';
import { z } from './zod';

export const SEARCH_TEXT = {
  limit: `limit must be a whole number from 1 to ${MAX_SEARCH_PAGE_SIZE}`,
  sort: `sort must be one of: ${VEHICLE_SORTS.join(', ')}`,
  cert: `cert must be one of: ${CERTIFICATION_FILTERS.join(', ')}`,
  grade: 'grade must be a minimum grade from 0 to 5 with at most one decimal (4.5), or any',
  q: `q must be at most ${MAX_SEARCH_TEXT} characters`,
  cursor: 'cursor is not valid: start again from the first page, without a cursor',
  cursorOtherSort: 'cursor belongs to another sort: start again from the first page, without a cursor',
  make: `make must be at most ${MAX_FILTER_NAME} characters`,
  model: `model must be at most ${MAX_FILTER_NAME} characters`,
  number: (name: NumberFilter) => `${name} must be ${NUMBER_FILTERS[name].what}`,
  years: 'yearMin must not be above yearMax',
  prices: 'priceMin must not be above priceMax',
  zip: 'zip must be a 5-digit US ZIP code',
  /** `within` with no `zip`, asked by someone who is not a dealer with a delivery ZIP. */
  withinNeedsZip:
    'within needs a zip: type a ZIP code, or sign in as a dealer to measure from your delivery ZIP',
} as const;

const DECIMAL_GRADE = /^(?:[0-4](?:\.\d)?|5(?:\.0)?)$/;

/** A make or model, matched whole and in any case; empty (a form's empty field) is no filter. */
const nameFilter = (message: string) =>
  z
    .string({ error: message })
    .max(MAX_FILTER_NAME, message)
    .transform((name) => name.replace(/\p{Cc}/gu, ' ').trim() || null)
    .default(null);

/**
 * A numeric filter (NUMBER_FILTERS): a whole number within its bounds, or null (empty, absent).
 * Written as in a URL (a string), or as a number in a JSON body (a saved search).
 */
const numberFilter = (name: NumberFilter) =>
  z
    .union([z.string().max(20), z.number()], { error: SEARCH_TEXT.number(name) })
    .transform((written, ctx) => {
      const value = numberFilterValue(name, String(written));
      if (value === null) {
        ctx.addIssue({ code: 'custom', message: SEARCH_TEXT.number(name) });
        return z.NEVER;
      }
      return value === '' ? null : Number(value);
    })
    .default(null);

/**
 * The filters of a search besides its words, certification and grade (GET /api/vehicles/search, and
 * a saved search, which keeps them): make and model (whole, any case; `model` alone is any make's),
 * model years and prices from–to (inclusive), the most miles, and `within` road miles of `zip` (a
 * dealer who sends no zip is measured from its delivery ZIP). A vehicle missing the value a filter
 * reads (no price, no mileage, no year) drops out once that filter is set, as ungraded ones do for a grade.
 */
export const vehicleFilterFields = {
  make: nameFilter(SEARCH_TEXT.make),
  model: nameFilter(SEARCH_TEXT.model),
  yearMin: numberFilter('yearMin'),
  yearMax: numberFilter('yearMax'),
  priceMin: numberFilter('priceMin'),
  priceMax: numberFilter('priceMax'),
  maxMiles: numberFilter('maxMiles'),
  within: numberFilter('within'),
  zip: z
    .string({ error: SEARCH_TEXT.zip })
    .max(20, SEARCH_TEXT.zip)
    .transform((zip, ctx) => {
      const trimmed = zip.trim();
      if (trimmed !== '' && !isSearchZip(trimmed)) {
        ctx.addIssue({ code: 'custom', message: SEARCH_TEXT.zip });
        return z.NEVER;
      }
      return trimmed || null;
    })
    .default(null),
};

export interface VehicleFilters {
  make: string | null;
  model: string | null;
  yearMin: number | null;
  yearMax: number | null;
  priceMin: number | null;
  priceMax: number | null;
  maxMiles: number | null;
  within: number | null;
  zip: string | null;
}

/** A range whose start is above its end is refused by name (both schemas that take filters). */
export function checkFilterRanges(filters: VehicleFilters, ctx: z.RefinementCtx) {
  const { yearMin, yearMax, priceMin, priceMax } = filters;
  if (yearMin !== null && yearMax !== null && yearMin > yearMax)
    ctx.addIssue({ code: 'custom', message: SEARCH_TEXT.years, path: ['yearMin'] });
  if (priceMin !== null && priceMax !== null && priceMin > priceMax)
    ctx.addIssue({ code: 'custom', message: SEARCH_TEXT.prices, path: ['priceMin'] });
}

/**
 * GET /api/vehicles/search: one page of the public vehicle list. `q` matches every word against
 * make, model, trim, year and VIN (makes and models typo-tolerant); `grade` is a minimum (ungraded
 * vehicles drop out once one is set); the filters are vehicleFilterFields'; `cursor` is the
 * previous page's `nextCursor`, opaque.
 */
export const vehicleSearchQuerySchema = z
  .object({
    // Control characters separate words like spaces (a pasted tab, a stray NUL never reach SQL).
    q: z
      .string({ error: SEARCH_TEXT.q })
      .max(MAX_SEARCH_TEXT, SEARCH_TEXT.q)
      .transform((q) => q.replace(/\p{Cc}/gu, ' ').trim())
      .default(''),
    cert: z.enum(CERTIFICATION_FILTERS, { error: SEARCH_TEXT.cert }).default('all'),
    grade: z
      .string({ error: SEARCH_TEXT.grade })
      .refine((g) => g === 'any' || DECIMAL_GRADE.test(g), SEARCH_TEXT.grade)
      .transform((g) => (g === 'any' ? null : Number(g)))
      .default(null),
    sort: z.enum(VEHICLE_SORTS, { error: SEARCH_TEXT.sort }).default('newest'),
    limit: z
      .string({ error: SEARCH_TEXT.limit })
      .regex(/^\d{1,3}$/, SEARCH_TEXT.limit)
      .transform(Number)
      .pipe(z.number().min(1, SEARCH_TEXT.limit).max(MAX_SEARCH_PAGE_SIZE, SEARCH_TEXT.limit))
      .default(SEARCH_PAGE_SIZE),
    cursor: z
      .string({ error: SEARCH_TEXT.cursor })
      .min(1, SEARCH_TEXT.cursor)
      .max(200, SEARCH_TEXT.cursor)
      .optional(),
    ...vehicleFilterFields,
  })
  .superRefine(checkFilterRanges);
export type VehicleSearchQuery = z.output<typeof vehicleSearchQuerySchema>;

const countSchema = z.number().int().min(0);

export const vehicleSearchResultSchema = z.object({
  /** The list's items (cover photo only), in the sort's order. */
  items: z.array(publicVehicleSchema),
  /** How many published vehicles match q and the filters, across all pages. */
  total: countSchema,
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /**
   * Counts over every match (not only this page), each facet with every filter applied but its
   * own, so each count says how many a choice would list: by certification; by make, most first
   * (make and model not applied); the models of the chosen make, most first (empty with no make);
   * by minimum grade.
   */
  facets: z.object({
    certification: z.object({ premium: countSchema, auction: countSchema }),
    make: z.array(z.object({ make: z.string(), count: countSchema })),
    model: z.array(z.object({ model: z.string(), count: countSchema })),
    grade: z.array(z.object({ min: z.enum(GRADE_MINIMUMS), count: countSchema })),
  }),
  /** The place `within` was measured from (the zip sent, or the dealer's delivery ZIP); null without `within`. */
  distance: z.object({ zip: z.string(), place: z.string(), within: z.number() }).nullable(),
});
export type VehicleSearchResult = z.infer<typeof vehicleSearchResultSchema>;

/** A search's words: lower case, split on white space, each once, sorted (the key of a kept answer). */
export const searchWordsOf = (q: string) => [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].sort();
