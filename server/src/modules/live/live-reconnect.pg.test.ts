import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream';
import { insertVehicle } from '../../../test/factories';
import { signInAdmin } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import type { Database } from '../../db/client';
import { findLiveSince } from './find-live-events';

/**
 * On PostgreSQL the instance LISTENs on its own connection. When that connection drops, whatever
 * was NOTIFYed meanwhile is lost: the open streams are told `reset` (refetch everything), and the
 * new connection delivers the next changes again.
 */
const ctx = withApp({ env: { NOTIFICATION_INTERVAL_MS: '3600000' }, listen: true });

describe('live stream when the LISTEN connection drops (PostgreSQL)', () => {
  it('says reset to open streams and carries on with the new connection', async () => {
    const reader = await openEventStream(`${ctx.base}/api/events`, { cookie: await signInAdmin(ctx.app) });
    try {
      expect((await reader.next()).event).toBe('ready');
      const killed = (await ctx.db.execute(sql`
        select pg_terminate_backend(pid) as done from pg_stat_activity
        where datname = current_database() and query = 'LISTEN live_events'`)) as unknown as {
        rows: { done: boolean }[];
      };
      expect(killed.rows).toEqual([{ done: true }]);
      const reset = await reader.next(() => true, 10_000);
      expect(reset.event).toBe('reset');

      await insertVehicle(ctx.db);
      const change = await reader.next(() => true, 5000);
      expect(change).toMatchObject({ event: 'change', data: '{"topic":"vehicles"}' });
      expect(Number(change.id)).toBeGreaterThan(Number(reset.id));
    } finally {
      reader.close();
    }
  }, 30_000);

  it("replays from a page's snapshot the event of a transaction in progress then, though its id is older than the newest (ADR 0008)", async () => {
    const eventIds = async (db: Database) =>
      Number(
        (
          (await db.execute(sql`select max(id) as id from live_events`)) as unknown as {
            rows: { id: string }[];
          }
        ).rows[0]!.id,
      );
    let since = '';
    let held = 0;
    let committedBefore = 0;
    await ctx.db.transaction(async (tx) => {
      // A change whose event takes its id now and commits last…
      await insertVehicle(tx as unknown as Database);
      held = await eventIds(tx as unknown as Database);
      // …another committed meanwhile, with a newer id…
      await insertVehicle(ctx.db);
      committedBefore = await eventIds(ctx.db);
      // …and the page's HTML made then: its newest event is the newer one, the first still in progress.
      since = (await findLiveSince(ctx.db))!;
    });
    expect(committedBefore).toBeGreaterThan(held);
    expect(since.startsWith(`${committedBefore}.`)).toBe(true);

    const reader = await openEventStream(`${ctx.base}/api/events?since=${encodeURIComponent(since)}`, {
      cookie: await signInAdmin(ctx.app),
    });
    try {
      await insertVehicle(ctx.db);
      const last = await eventIds(ctx.db);
      const ids: number[] = [];
      while (ids.at(-1) !== last) ids.push(Number((await reader.next((m) => m.event === 'change', 5000)).id));
      // The one in progress is replayed; the one the snapshot saw committed is not.
      expect(ids).toEqual([held, last]);
    } finally {
      reader.close();
    }
  }, 30_000);
});
