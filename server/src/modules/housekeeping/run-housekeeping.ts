import { type SQL, sql } from 'drizzle-orm';
import type { DbHandle, Executor } from '../../db/client';
import { withTryAdvisoryLock } from '../../lib/advisory-lock';
import { deleteAbandonedUploads } from './delete-abandoned-uploads';

/** pg_try_advisory_lock key: one housekeeping pass at a time across every instance. */
export const HOUSEKEEPING_LOCK_KEY = 727_003;
/** Idempotency keys and unfinished uploads are kept this long: a retry or a resume a day later still works. */
export const RETENTION_MS = 24 * 60 * 60 * 1000;

export interface HousekeepingCounts {
  sessions: number;
  rateLimits: number;
  idempotencyKeys: number;
  uploads: number;
}

async function deleteRows(db: Executor, statement: SQL) {
  const result = (await db.execute(sql`${statement} returning 1`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/**
 * One pass over what piles up: expired sessions (revoked or not: an expired token is refused
 * either way), rate-limit windows that ended over an hour ago, idempotency keys and unfinished
 * uploads older than a day. Returns what was deleted, or null when another instance's pass holds
 * the lock and this one skipped.
 */
export async function runHousekeeping(
  database: DbHandle,
  options: { uploadsDir: string },
): Promise<HousekeepingCounts | null> {
  return withTryAdvisoryLock(database, HOUSEKEEPING_LOCK_KEY, async (db) => ({
    sessions: await deleteRows(db, sql`delete from sessions where expires_at <= now()`),
    // Trusted-address rows (plugins/rate-limit.ts) run 30 days, so they stay until they end.
    rateLimits: await deleteRows(
      db,
      sql`delete from rate_limit_hits where reset_at < now() - interval '1 hour'`,
    ),
    idempotencyKeys: await deleteRows(
      db,
      sql`delete from idempotency_keys where created_at < now() - ${RETENTION_MS} * interval '1 millisecond'`,
    ),
    uploads: await deleteAbandonedUploads(options.uploadsDir, new Date(Date.now() - RETENTION_MS)),
  }));
}
