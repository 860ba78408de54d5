/**
 * The one spelling of an id, without zod so the public vehicle page can check a URL's id without
 * loading a validation library (contracts/ids.ts builds the zod schemas from it).
 */

/** Ids are PostgreSQL `integer` serials: 1 … 2^31-1. */
export const MAX_ID = 2_147_483_647;

/**
 * Decimal digits only: no sign, no leading zero, no spaces. Number() and z.coerce also read '0x10',
 * '1e2', '+5', ' 7' and '07' as numbers, so /api/vehicles/0x10 answered vehicle 16; a malformed id
 * is a 400 (docs/design.md §5) and each id has exactly one spelling.
 */
export const DECIMAL_ID = /^[1-9][0-9]*$/;

export const isDecimalId = (text: string) => DECIMAL_ID.test(text) && Number(text) <= MAX_ID;
