/**
 * A list paged by the server (issue #47, docs/design.md): the page query every admin list takes and
 * the page it answers. The cursor is opaque to the browser: it is the last row's sort key and id,
 * handed back as it came (server/src/lib/keyset-page.ts reads it).
 */
import { PAGE_LIMIT } from './limits';
import { z } from './zod';

export { PAGE_LIMIT };

const LIMIT_MESSAGE = `Ask for between ${PAGE_LIMIT.min} and ${PAGE_LIMIT.max} rows a page`;

export const pageQuerySchema = z.object({
  /** Where the page starts: a previous page's `nextCursor`; none for the first page. */
  cursor: z.string().min(1).max(1000).optional(),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(PAGE_LIMIT.min, { error: LIMIT_MESSAGE })
    .max(PAGE_LIMIT.max, { error: LIMIT_MESSAGE })
    .default(PAGE_LIMIT.default),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A day of a list's date range (`from`, `to`: UTC, both included), as YYYY-MM-DD. */
export const dayOf = (what: string) =>
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `Give the ${what} day as YYYY-MM-DD`);

/** A page: its rows, the cursor of the next page (null on the last) and how many rows the whole list holds. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    nextCursor: z.string().nullable(),
    /** Counted by an aggregate with the same filters as the page. */
    total: z.number().int(),
  });
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}
