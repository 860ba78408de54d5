import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { DbHandle } from '../../db/client';
import { idempotencyKeys, liveEvents, notifications, rateLimitHits, sessions } from '../../db/schema';
import { withTryAdvisoryLock } from '../../lib/advisory-lock';
import { HOUSEKEEPING_LOCK_KEY, type HousekeepingCounts, runHousekeeping } from './run-housekeeping';

let database: DbHandle;
let uploadsDir: string;
let serial = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = mkdtempSync(join(tmpdir(), 'housekeeping-'));
});
afterAll(async () => {
  await database.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const pass = () =>
  runHousekeeping(database, {
    uploadsDir,
    photos: { uploadsDir: join(uploadsDir, 'photo-uploads'), deleteFiles: async () => {} },
  });
/** A session row expiring `offset` from the database's now (e.g. '-1 minute'). */
async function insertSession(offset: string, revoked = false) {
  const [row] = await database.db
    .insert(sessions)
    .values({
      tokenHash: `hash-${++serial}`,
      role: 'dealer',
      subjectId: 1,
      proof: 'code',
      expiresAt: sql`now() + ${offset}::interval`,
      revokedAt: revoked ? sql`now() - interval '1 hour'` : null,
    })
    .returning({ tokenHash: sessions.tokenHash });
  return row!.tokenHash;
}
const column = async (
  table: 'sessions' | 'rate_limit_hits' | 'idempotency_keys' | 'notifications' | 'live_events',
  name: string,
) => {
  const result = (await database.db.execute(
    sql`select ${sql.identifier(name)} as v from ${sql.identifier(table)}`,
  )) as unknown as { rows: { v: string }[] };
  return result.rows.map((r) => r.v).sort();
};

describe('housekeeping pass', () => {
  it('deletes expired sessions, revoked or not, and keeps live ones', async () => {
    const expired = await insertSession('-1 minute');
    const revokedExpired = await insertSession('-1 minute', true);
    const live = await insertSession('1 hour');
    expect((await pass())?.sessions).toBe(2);
    const left = await column('sessions', 'token_hash');
    expect(left).toContain(live);
    expect(left).not.toContain(expired);
    expect(left).not.toContain(revokedExpired);
  });

  it('deletes rate-limit windows that ended over an hour ago and keeps current ones', async () => {
    await database.db.insert(rateLimitHits).values([
      { key: 'admin-login:ip:10.0.0.1', count: 3, resetAt: sql`now() - interval '2 hours'` },
      { key: 'admin-login:ip:10.0.0.2', count: 3, resetAt: sql`now() + interval '1 minute'` },
    ]);
    expect((await pass())?.rateLimits).toBe(1);
    expect(await column('rate_limit_hits', 'key')).toEqual(['admin-login:ip:10.0.0.2']);
  });

  it('deletes idempotency keys older than 24 hours and keeps fresh ones', async () => {
    const stored = { scope: 'create-vehicle', statusCode: 200, response: {} };
    await database.db.insert(idempotencyKeys).values([
      { ...stored, key: 'old-key-25h', createdAt: sql`now() - interval '25 hours'` },
      { ...stored, key: 'fresh-key-1h', createdAt: sql`now() - interval '1 hour'` },
    ]);
    expect((await pass())?.idempotencyKeys).toBe(1);
    expect(await column('idempotency_keys', 'key')).toEqual(['fresh-key-1h']);
  });

  it('deletes sent and suppressed notifications older than 90 days and keeps the rest', async () => {
    const statuses = ['queued', 'sending', 'sent', 'failed', 'dead', 'suppressed'] as const;
    const payload = { subject: 'Sold', text: 'Sold', html: '<p>Sold</p>', link: '', sms: 'Sold' };
    const row = (status: (typeof statuses)[number], age: string) => ({
      event: 'vehicle_sold',
      recipient: 'ops@example.com',
      payload,
      status,
      idempotencyKey: `${status}-${age}`,
      createdAt: sql`now() - ${age}::interval`,
    });
    await database.db
      .insert(notifications)
      .values([...statuses.map((s) => row(s, '91 days')), ...statuses.map((s) => row(s, '89 days'))]);
    expect((await pass())?.notifications).toBe(2);
    expect(await column('notifications', 'idempotency_key')).toEqual(
      [
        ...['queued', 'sending', 'failed', 'dead'].map((s) => `${s}-91 days`),
        ...statuses.map((s) => `${s}-89 days`),
      ].sort(),
    );
    expect((await pass())?.notifications).toBe(0);
  });

  it('deletes live events older than a day and keeps newer ones', async () => {
    await database.db.delete(liveEvents);
    await database.db.insert(liveEvents).values([
      { topic: 'offers', dealerId: 1, entityId: 1, createdAt: sql`now() - interval '25 hours'` },
      { topic: 'offers', dealerId: 1, entityId: 2, createdAt: sql`now() - interval '23 hours'` },
    ]);
    expect((await pass())?.liveEvents).toBe(1);
    // Only the young event is left: a pass with no notification to delete records no live event.
    expect((await column('live_events', 'entity_id')).map(Number)).toEqual([2]);
  });

  it('skips while another instance holds the lock, and runs once it is free', async () => {
    const expired = await insertSession('-1 minute');
    let whileLocked: HousekeepingCounts | null | undefined;
    const held = await withTryAdvisoryLock(database, HOUSEKEEPING_LOCK_KEY, async () => {
      whileLocked = await pass();
      return 'held';
    });
    expect(held).toBe('held');
    expect(whileLocked).toBeNull();
    expect(await column('sessions', 'token_hash')).toContain(expired);

    expect(await pass()).toMatchObject({ sessions: 1 });
    expect(await column('sessions', 'token_hash')).not.toContain(expired);
  });

  it('does the work once for two passes started together: one deletes, the other skips or finds nothing', async () => {
    await insertSession('-1 minute');
    const results = await Promise.all([pass(), pass()]);
    // Whether they overlap is the scheduler's (on PostgreSQL the first may finish before the
    // second asks for the lock); skipping while the lock is held is proven above. Either way the
    // expired session is deleted exactly once.
    const ran = results.filter((r): r is HousekeepingCounts => r !== null);
    expect(ran.length).toBeGreaterThanOrEqual(1);
    expect(ran.reduce((n, r) => n + r.sessions, 0)).toBe(1);
  });
});
