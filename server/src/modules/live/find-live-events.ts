import type { SessionRole } from '@contracts/auth';
import { and, asc, eq, gt, inArray, isNull, max, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { liveEvents, sessions } from '../../db/schema';
import { hashToken } from '../../lib/sessions';
import type { LiveAudience, LiveEvent } from './live-audience';

/** The rows an audience may see, as SQL (maySee() is the same rule for NOTIFY payloads). */
function visibleTo(audience: LiveAudience): SQL | undefined {
  switch (audience.role) {
    case 'admin':
      return undefined;
    case 'staff':
      return inArray(liveEvents.topic, ['vehicles', 'work_orders']);
    case 'dealer':
      return or(eq(liveEvents.topic, 'vehicles'), eq(liveEvents.dealerId, audience.dealerId));
  }
}

/** The newest event id, where a fresh stream starts; null while the table is empty. */
export async function findLatestLiveEventId(db: Database): Promise<number | null> {
  const [row] = await db.select({ id: max(liveEvents.id) }).from(liveEvents);
  return row?.id ?? null;
}

/**
 * Where a page's first stream starts (the HTML's `live-since`, ADR 0008): the newest event id and
 * the current snapshot (`pg_current_snapshot()`, read in one statement), as `<id>.<snapshot>`.
 * Null while the table is empty (no id to check the history against: the page reads again).
 */
export async function findLiveSince(db: Database): Promise<string | null> {
  const result = (await db.execute(
    sql`select (select max(id) from live_events) as id, pg_current_snapshot()::text as snapshot`,
  )) as unknown as { rows: { id: string | number | null; snapshot: string }[] };
  const row = result.rows[0];
  return row?.id == null ? null : `${row.id}.${row.snapshot}`;
}

/**
 * The events a page whose HTML was made under `snapshot` may not have seen, that the audience may
 * see, oldest id first, at most `limit`: those of transactions the snapshot could not see — still
 * in progress then (whatever their id) or begun after (`pg_visible_in_snapshot`).
 */
export function findLiveEventsSince(
  db: Database,
  audience: LiveAudience,
  snapshot: string,
  limit: number,
): Promise<LiveEvent[]> {
  return replayable(
    db,
    and(
      sql`${liveEvents.txid} >= pg_snapshot_xmin(${snapshot}::pg_snapshot)`,
      sql`not pg_visible_in_snapshot(${liveEvents.txid}, ${snapshot}::pg_snapshot)`,
      visibleTo(audience),
    ),
    limit,
  );
}

/** Whether an event id is still kept (a resume can start after it only then). */
export async function isLiveEventKept(db: Database, id: number): Promise<boolean> {
  const rows = await db.select({ id: liveEvents.id }).from(liveEvents).where(eq(liveEvents.id, id));
  return rows.length > 0;
}

/** The events after `afterId` the audience may see, oldest first, at most `limit`. */
export function findLiveEventsAfter(
  db: Database,
  audience: LiveAudience,
  afterId: number,
  limit: number,
): Promise<LiveEvent[]> {
  return replayable(db, and(gt(liveEvents.id, afterId), visibleTo(audience)), limit);
}

/** The events that meet `where`, oldest id first, at most `limit`. */
function replayable(db: Database, where: SQL | undefined, limit: number): Promise<LiveEvent[]> {
  return db
    .select({ id: liveEvents.id, topic: liveEvents.topic, dealerId: liveEvents.dealerId })
    .from(liveEvents)
    .where(where)
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

/**
 * Which of the presented tokens is the live session of this role (its hash): the key a stream is
 * counted under, so one session cannot open streams without bound whatever else it presents.
 */
export async function findSessionKey(
  db: Database,
  role: SessionRole,
  tokens: string[],
): Promise<string | null> {
  if (tokens.length === 0) return null;
  const [row] = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(
      and(
        inArray(sessions.tokenHash, tokens.map(hashToken)),
        eq(sessions.role, role),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row?.tokenHash ?? null;
}
