import { publicVehicleSchema } from './vehicle';
import {
  CERTIFICATION_FILTERS,
  MAX_SEARCH_PAGE_SIZE,
  MAX_SEARCH_TEXT,
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
} as const;

const DECIMAL_GRADE = /^(?:[0-4](?:\.\d)?|5(?:\.0)?)$/;

/**
 * GET /api/vehicles/search: one page of the public vehicle list. `q` matches every word against
 * make, model, trim, year and VIN (makes and models typo-tolerant); `grade` is a minimum (ungraded
 * vehicles drop out once one is set); `cursor` is the previous page's `nextCursor`, opaque.
 */
export const vehicleSearchQuerySchema = z.object({
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
});
export type VehicleSearchQuery = z.output<typeof vehicleSearchQuerySchema>;

const countSchema = z.number().int().min(0);

export const vehicleSearchResultSchema = z.object({
  /** The list's items (cover photo only), in the sort's order. */
  items: z.array(publicVehicleSchema),
  /** How many published vehicles match q and the filters, across all pages. */
  total: countSchema,
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Counts over every match (not only this page): by certification and by make, most first. */
  facets: z.object({
    certification: z.object({ premium: countSchema, auction: countSchema }),
    make: z.array(z.object({ make: z.string(), count: countSchema })),
  }),
});
export type VehicleSearchResult = z.infer<typeof vehicleSearchResultSchema>;

/** A search's words: lower case, split on white space, each once, sorted (the key of a kept answer). */
export const searchWordsOf = (q: string) => [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].sort();
