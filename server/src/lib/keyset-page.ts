import type { PageQuery } from '@contracts/paging';
import { type AnyColumn, and, asc, desc, type SQL, sql } from 'drizzle-orm';
import { badRequest } from './app-error';

/**
 * Keyset paging (issue #47, docs/design.md): a page starts after the previous page's last row,
 * found by its (sort key, id) through the index, never by OFFSET; the same query costs the same on
 * page 1 and page 4,000. The cursor the browser holds is that pair, opaque: base64url of
 * `[order name, key as Postgres writes it, id]`. The key travels as text read from the database,
 * so a timestamp keeps its microseconds (a JavaScript Date would drop them and skip or repeat ties).
 */

/** How the key is written in the cursor and cast back in SQL. */
export type KeyKind = 'timestamp' | 'numeric' | 'integer' | 'text';

const CAST: Record<KeyKind, string> = {
  timestamp: 'timestamptz',
  numeric: 'numeric',
  integer: 'bigint',
  text: 'text',
};
/** What each kind's text must look like before it reaches SQL (a bad cursor is a 400, never a 500). */
const SHAPE: Record<KeyKind, RegExp> = {
  timestamp: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)?$/,
  numeric: /^-?\d{1,30}(\.\d{1,30})?$/,
  integer: /^-?\d{1,18}$/,
  text: /^[^\0]{0,500}$/s,
};

/** One sort order of a list: its key (never null: coalesce a nullable one), then the id, both one way. */
export interface KeysetOrder {
  /** The order's name (`newest`); a cursor made under another order is refused. */
  name: string;
  key: SQL | AnyColumn;
  kind: KeyKind;
  id: AnyColumn;
  direction: 'asc' | 'desc';
}

export const BAD_CURSOR = 'This page link is out of date or damaged: start again from the first page';

export function encodeCursor(order: KeysetOrder, key: string, id: number) {
  return Buffer.from(JSON.stringify([order.name, key, id])).toString('base64url');
}

/** The (key, id) a cursor holds, checked against the order it must belong to; 400 otherwise. */
export function decodeCursor(order: KeysetOrder, cursor: string): { key: string; id: number } {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR);
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw badRequest(BAD_CURSOR);
  const [name, key, id] = parsed as unknown[];
  if (name !== order.name)
    throw badRequest('This page link belongs to another sort order: start again from the first page');
  if (typeof key !== 'string' || !SHAPE[order.kind].test(key) || !Number.isSafeInteger(id))
    throw badRequest(BAD_CURSOR);
  return { key, id: id as number };
}

/**
 * The parts of a page's query under `order`: `where` (rows after the cursor; undefined on the first
 * page, AND it with the list's filters), `orderBy`, `limit` (one more than the page, to know whether
 * another follows), `cursorKey` (select it: the key as text for the next cursor), and `finish`,
 * which cuts the rows read to the page and makes the next cursor.
 */
export function keysetPage(order: KeysetOrder, { cursor, limit }: PageQuery) {
  const after = cursor ? decodeCursor(order, cursor) : null;
  const cast = sql.raw(CAST[order.kind]);
  const beyond = order.direction === 'desc' ? sql.raw('<') : sql.raw('>');
  const by = order.direction === 'desc' ? desc : asc;
  return {
    where: after
      ? sql`(${order.key}, ${order.id}) ${beyond} (${after.key}::${cast}, ${after.id})`
      : undefined,
    orderBy: [by(order.key), by(order.id)],
    limit: limit + 1,
    cursorKey: sql<string>`(${order.key})::text`,
    finish<R extends { cursorKey: string; id: number }>(rows: R[]) {
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      const nextCursor = rows.length > limit && last ? encodeCursor(order, last.cursorKey, last.id) : null;
      return { items, nextCursor };
    },
    /** Reads the page's rows under the list's `where` with `read` (the list's views) and cuts them to the page. */
    async read<R extends { cursorKey: string; id: number }>(
      where: SQL | undefined,
      read: (part: KeysetRead) => Promise<R[]>,
    ) {
      return this.finish(
        await read({
          where: and(where, this.where),
          orderBy: this.orderBy,
          limit: this.limit,
          cursorKey: this.cursorKey,
        }),
      );
    },
  };
}

/** The one way a list counts its rows: an aggregate over the same filters as its pages. */
export const countAll = sql<number>`count(*)::int`;

/**
 * Each status's count from the rows of one `group by status` aggregate, every known status present
 * (0 when it holds none) — the counts a paged list shows on its status buttons.
 */
export function countsByStatus<S extends string>(
  statuses: readonly S[],
  rows: readonly { status: string; count: number }[],
): Record<S, number> {
  const counts = Object.fromEntries(statuses.map((s) => [s, 0])) as Record<S, number>;
  for (const { status, count } of rows) if (status in counts) counts[status as S] = count;
  return counts;
}

/** What a list's reader is asked for: the rows of one keyset read (keysetPage's parts). */
export interface KeysetRead {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  cursorKey: SQL<string>;
}
type KeyedRow = { id: number; cursorKey: string };

/**
 * Every row under `where` in `order`, after `cursor`, a batch at a time, as `read` reads them (a
 * list's views for those rows only): for a page whose filter is a derived fact (stop once it is
 * full), for counts by a fold, for a streamed export (constant memory).
 */
export async function* keysetBatches<R extends KeyedRow>(
  order: KeysetOrder,
  where: SQL | undefined,
  read: (part: KeysetRead) => Promise<R[]>,
  cursor?: string,
  batch = 200,
) {
  for (;;) {
    const { items, nextCursor } = await keysetPage(order, { cursor, limit: batch }).read(where, read);
    yield items;
    if (!nextCursor) return;
    cursor = nextCursor;
  }
}

/**
 * How many rows under `where` (a SQL narrowing) a derived fact keeps — the fold's, a view's — read a
 * batch at a time: the count beside a list's state buttons for a fact no column holds.
 */
export async function keptCount<R extends KeyedRow>(
  order: KeysetOrder,
  where: SQL | undefined,
  read: (part: KeysetRead) => Promise<R[]>,
  keep: (row: R) => boolean,
) {
  let count = 0;
  for await (const rows of keysetBatches(order, where, read)) count += rows.filter(keep).length;
  return count;
}

/**
 * A page of the rows `keep` keeps (a derived filter the fold decides) among those a SQL narrowing
 * `where` lets through: narrowed rows read a batch at a time until one more than the page is kept.
 */
export async function keptPage<R extends KeyedRow>(
  order: KeysetOrder,
  query: PageQuery,
  where: SQL | undefined,
  read: (part: KeysetRead) => Promise<R[]>,
  keep: (row: R) => boolean,
) {
  const page = keysetPage(order, query);
  const found: R[] = [];
  for await (const rows of keysetBatches(order, where, read, query.cursor)) {
    found.push(...rows.filter(keep));
    if (found.length > query.limit) break;
  }
  return page.finish(found);
}
