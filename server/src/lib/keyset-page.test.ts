import { pageQuerySchema } from '@contracts/paging';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import type { DbHandle } from '../db/client';
import { auditLog } from '../db/schema';
import { AppError } from './app-error';
import { BAD_CURSOR, encodeCursor, type KeysetOrder, keysetPage } from './keyset-page';

/** Keyset paging on a real database: rows with equal keys, every order, bad cursors. */

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const ENTITY = 'keyset-test';
// Three instants a microsecond apart (a JavaScript Date cannot tell them apart), most rows tied.
const INSTANTS = ['2026-03-01 10:00:00.000001+00', '2026-03-01 10:00:00.000002+00', '2026-03-01 10:00:00+00'];

const orders = {
  newest: { name: 'newest', key: auditLog.createdAt, kind: 'timestamp', id: auditLog.id, direction: 'desc' },
  oldest: { name: 'oldest', key: auditLog.createdAt, kind: 'timestamp', id: auditLog.id, direction: 'asc' },
  action: { name: 'action', key: auditLog.action, kind: 'text', id: auditLog.id, direction: 'asc' },
  actor: {
    name: 'actor',
    key: sql`coalesce(${auditLog.actorId}, 0)`,
    kind: 'integer',
    id: auditLog.id,
    direction: 'desc',
  },
  share: {
    name: 'share',
    key: sql`coalesce(${auditLog.actorId}, 0)::numeric / 4`,
    kind: 'numeric',
    id: auditLog.id,
    direction: 'asc',
  },
} satisfies Record<string, KeysetOrder>;

async function insertRows() {
  const rows = Array.from({ length: 23 }, (_, i) => ({
    actorType: 'admin',
    actorId: i % 5 === 0 ? null : i % 3,
    entity: ENTITY,
    action: ['b', 'a', 'c'][i % 3]!,
    createdAt: sql`${INSTANTS[i % 3]}::timestamptz`,
  }));
  // biome-ignore lint/suspicious/noExplicitAny: a SQL value for the timestamp column.
  await handle.db.insert(auditLog).values(rows as any);
}

const mine = eq(auditLog.entity, ENTITY);
async function readPage(order: KeysetOrder, query: { cursor?: string; limit?: number }) {
  const page = keysetPage(order, pageQuerySchema.parse(query));
  const rows = await handle.db
    .select({ id: auditLog.id, cursorKey: page.cursorKey })
    .from(auditLog)
    .where(and(mine, page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return page.finish(rows);
}

async function walk(order: KeysetOrder, limit: number) {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const { items, nextCursor } = await readPage(order, { cursor, limit });
    ids.push(...items.map((r) => r.id));
    if (!nextCursor) return ids;
    expect(items).toHaveLength(limit);
    cursor = nextCursor;
  }
  throw new Error('the walk did not end');
}

describe('keysetPage', () => {
  it('walks every row once, in the order of one whole query, under each order and page size', async () => {
    await insertRows();
    for (const order of Object.values(orders)) {
      const whole = (
        await handle.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(mine)
          .orderBy(...keysetPage(order, pageQuerySchema.parse({})).orderBy)
      ).map((r) => r.id);
      expect(whole).toHaveLength(23);
      for (const limit of [1, 4, 23, 100]) {
        const walked = await walk(order, limit);
        expect(walked, `${order.name} by ${limit}`).toEqual(whole);
      }
    }
    // The newest order really is newest first: the ties on a microsecond are not folded.
    const newest = await walk(orders.newest, 5);
    const stamps = await handle.db
      .select({ id: auditLog.id, at: sql<string>`${auditLog.createdAt}::text` })
      .from(auditLog)
      .where(inArray(auditLog.id, newest));
    const at = new Map(stamps.map((s) => [s.id, s.at]));
    expect(at.get(newest[0]!)).toContain('.000002');
    expect(at.get(newest.at(-1)!)).not.toContain('.00000');
  });

  it('refuses a damaged cursor, another order’s cursor and a key that is not the order’s kind (400)', () => {
    const refusal = (order: KeysetOrder, cursor: string) => {
      try {
        keysetPage(order, { cursor, limit: 10 });
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        return { status: (error as AppError).statusCode, message: (error as AppError).message };
      }
      throw new Error(`accepted ${cursor}`);
    };
    const bad = { status: 400, message: BAD_CURSOR };
    expect(refusal(orders.newest, 'not a cursor!')).toEqual(bad);
    expect(refusal(orders.newest, Buffer.from('{"a":1}').toString('base64url'))).toEqual(bad);
    expect(refusal(orders.newest, encodeCursor(orders.newest, "1'; drop table x; --", 3))).toEqual(bad);
    expect(refusal(orders.actor, encodeCursor(orders.actor, '1.5', 3))).toEqual(bad);
    expect(
      refusal(orders.newest, Buffer.from('["newest","2026-03-01 10:00:00+00",1.5]').toString('base64url')),
    ).toEqual(bad);
    expect(refusal(orders.newest, encodeCursor(orders.oldest, '2026-03-01 10:00:00+00', 3))).toEqual({
      status: 400,
      message: 'This page link belongs to another sort order: start again from the first page',
    });
  });

  it('takes a limit of 1 to 100, 25 by default', () => {
    expect(pageQuerySchema.parse({}).limit).toBe(25);
    expect(pageQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    for (const limit of ['0', '101', '2.5', 'ten']) {
      const result = pageQuerySchema.safeParse({ limit });
      expect(result.success, limit).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Ask for between 1 and 100 rows a page');
    }
  });
});
