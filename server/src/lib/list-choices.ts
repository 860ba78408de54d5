import { type AnyColumn, ilike, type SQL, sql } from 'drizzle-orm';

/**
 * The choices every admin list paged by the server shares (issue #47, docs/features/admin-lists.md):
 * a range of days (UTC, both included) on a timestamp column, and a search that matches part of a
 * text (`%` and `_` are letters) or, when the text is a number, a row's number.
 */

/** A text as a LIKE pattern's letters (`%`, `_` and `\` match themselves). */
export const escapeLike = (word: string) => word.replace(/[\\%_]/g, '\\$&');

const startOfDay = (day: string) => new Date(`${day}T00:00:00Z`).toISOString();
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** Rows whose `column` falls on `from` or later and on `to` or earlier (either may be absent). */
export const withinDays = (column: AnyColumn, from?: string, to?: string): SQL[] => [
  ...(from ? [sql`${column} >= ${startOfDay(from)}::timestamptz`] : []),
  ...(to ? [sql`${column} < ${dayAfter(to)}::timestamptz`] : []),
];

/** `column` holds `text` somewhere, case aside. */
export const containsText = (column: AnyColumn | SQL, text: string) => ilike(column, `%${escapeLike(text)}%`);

/** The number a search is, when it is one (an offer, sale or vehicle number); null otherwise. */
export const searchNumber = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : null);
