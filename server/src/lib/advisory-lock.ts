import { type SQL, sql } from 'drizzle-orm';
import type { DbHandle, Executor } from '../db/client';

/**
 * Runs `task` while holding the PostgreSQL advisory lock `key` (0 < key < 2³¹), or answers null at
 * once when someone else holds it: another instance, or an earlier call in this process still
 * running. Nobody waits, so a periodic job runs on one instance at a time and the others skip.
 */
export async function withTryAdvisoryLock<T>(
  database: DbHandle,
  key: number,
  task: (db: Executor) => Promise<T>,
): Promise<T | null> {
  if (database.kind === 'postgres') {
    // The pool gives each statement any connection; a transaction pins one, and the lock ends with it.
    return database.db.transaction(async (tx) =>
      (await tryLock(tx, key, sql`pg_try_advisory_xact_lock(${key})`)) ? task(tx) : null,
    );
  }
  // PGlite is one session for the whole process: a transaction would queue a second caller behind
  // the first instead of letting it skip, so the lock is held at session level and released here.
  if (!(await tryLock(database.db, key, sql`pg_try_advisory_lock(${key})`))) return null;
  try {
    return await task(database.db);
  } finally {
    await database.db.execute(sql`select pg_advisory_unlock(${key})`);
  }
}

/**
 * Advisory locks are re-entrant within a session and PGlite has only one, so a lock already listed
 * in pg_locks counts as taken even when it is our own. (On a server this changes nothing: another
 * session's lock would make the pg_try_* call answer false anyway.)
 */
async function tryLock(db: Executor, key: number, take: SQL) {
  const result = (await db.execute(sql`
    select case
      when exists (
        select 1 from pg_locks
        where locktype = 'advisory' and classid = 0 and objid = ${key} and objsubid = 1
      ) then false
      else ${take}
    end as locked
  `)) as unknown as { rows: { locked: boolean }[] };
  return result.rows[0]?.locked === true;
}
