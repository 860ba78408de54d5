import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream';
import { insertVehicle } from '../../../test/factories';
import { signInAdmin } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';

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
});
