import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { dealers } from '../src/db/schema';
import { insertDealer } from './factories';
import { createTestDatabase, pgliteLeases } from './test-database';

/** A query's rows (both drivers answer `{ rows }`). */
async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every table's row count and every sequence's value: what a file could leave behind. */
async function contents(db: Database) {
  const tables = await rows<{ name: string }>(
    db,
    sql`select schemaname || '.' || tablename as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [schema, table] = name.split('.');
    const result = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(schema!)}.${sql.identifier(table!)}`,
    );
    counts[name] = result[0]!.n;
  }
  const sequences = await rows<{ name: string; value: string | null }>(
    db,
    sql`select sequencename as name, last_value::text as value from pg_sequences order by 1`,
  );
  return { counts, sequences };
}

describe('createTestDatabase (a database per file, reused within a worker)', () => {
  it('gives the next file the snapshot as it was: no rows, settings, sequences or locks of the last one', async () => {
    const first = await createTestDatabase();
    const fresh = await contents(first.db);
    const dealer = await insertDealer(first.db);
    await first.db.execute(sql`set timezone = 'Pacific/Auckland'`);
    await first.db.execute(sql`select pg_advisory_lock(4711)`);
    await first.close();

    const reused = pgliteLeases.reused;
    const second = await createTestDatabase();
    try {
      if (second.kind === 'pglite') {
        // The same instance, reset (a failed reset would close it and start another).
        expect(pgliteLeases.reused).toBe(reused + 1);
        expect(await contents(second.db)).toEqual(fresh);
        const timezone = await rows<{ tz: string }>(second.db, sql`select current_setting('timezone') as tz`);
        expect(timezone[0]!.tz).not.toBe('Pacific/Auckland');
        const lock = await rows<{ ok: boolean }>(second.db, sql`select pg_try_advisory_lock(4711) as ok`);
        expect(lock[0]!.ok).toBe(true);
      }
      // Ids start where the snapshot's do, as in a database of its own.
      const again = await insertDealer(second.db);
      expect(again.id).toBe(dealer.id);
    } finally {
      await second.close();
    }
  });

  it('refuses a handle used after its file closed it, rather than reach the next file’s data', async () => {
    const database = await createTestDatabase();
    await database.close();
    await expect(database.db.select().from(dealers)).rejects.toThrow();
  });

  it('does not reuse a database whose schema a test changed', async () => {
    const changed = await createTestDatabase();
    await changed.db.execute(sql`alter table dealers add column scratch_note text`);
    const discarded = pgliteLeases.discarded;
    await changed.close();
    if (changed.kind === 'pglite') expect(pgliteLeases.discarded).toBe(discarded + 1);
    const next = await createTestDatabase();
    try {
      const columns = await rows<{ name: string }>(
        next.db,
        sql`select column_name as name from information_schema.columns
          where table_name = 'dealers' and column_name = 'scratch_note'`,
      );
      expect(columns).toEqual([]);
    } finally {
      await next.close();
    }
  });
});
