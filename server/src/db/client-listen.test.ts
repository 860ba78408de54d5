import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDealer, insertVehicle } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import type { DbHandle } from './client';

/** listen() hands each NOTIFY's payload over, on PGlite and on PostgreSQL alike. */
let database: DbHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const nextPayloads = (count: number, channel: string) =>
  new Promise<{ payloads: (string | undefined)[]; unlisten: () => Promise<void> }>((resolve, reject) => {
    const payloads: (string | undefined)[] = [];
    const timer = setTimeout(() => reject(new Error(`only ${JSON.stringify(payloads)} within 5 s`)), 5000);
    const subscribed = database.listen(channel, (payload) => {
      payloads.push(payload);
      if (payloads.length === count) {
        clearTimeout(timer);
        void subscribed.then((unlisten) => resolve({ payloads, unlisten }));
      }
    });
  });

describe('database.listen', () => {
  it("gives the callback each notification's payload", async () => {
    const received = nextPayloads(2, 'live_events');
    // Let the LISTEN be in place before the changes (a server connection takes a moment).
    await new Promise((r) => setTimeout(r, 200));
    await insertVehicle(database.db);
    const dealer = await insertDealer(database.db);
    const { payloads, unlisten } = await received;
    await unlisten();
    const parsed = payloads.map(
      (p) => JSON.parse(p!) as { id: number; topic: string; dealerId: number | null },
    );
    expect(parsed.map(({ topic, dealerId }) => ({ topic, dealerId }))).toEqual([
      { topic: 'vehicles', dealerId: null },
      { topic: 'dealers', dealerId: dealer.id },
    ]);
    expect(parsed[1]!.id).toBeGreaterThan(parsed[0]!.id);
  });

  it('still serves payload-less channels (vehicles_changed) as before', async () => {
    const received = nextPayloads(1, 'vehicles_changed');
    await new Promise((r) => setTimeout(r, 200));
    await insertVehicle(database.db);
    const { payloads, unlisten } = await received;
    await unlisten();
    expect(payloads).toEqual(['']);
  });
});

describe('the app pool', () => {
  it('runs its statements without JIT compilation on PostgreSQL (docs/postgresql.md)', async () => {
    // Many statements at once, so that several of the pool's connections answer.
    const settings = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const result = (await database.db.execute(
          sql`select current_setting('jit', true) as jit`,
        )) as unknown as {
          rows: { jit: string | null }[];
        };
        return result.rows[0]?.jit;
      }),
    );
    // PGlite is built without a JIT provider: the setting is read, its value is PostgreSQL's concern only.
    if (database.kind === 'postgres') expect(new Set(settings)).toEqual(new Set(['off']));
    else expect(settings).toHaveLength(12);
  });
});
