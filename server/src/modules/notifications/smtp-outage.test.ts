import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type AppDatabase,
  amountInSubject,
  createAppDatabase,
  makeOffers,
  outboxAppEnv,
  readOutbox,
  seedOfferMakers,
} from '../../../test/outbox-apps';
import { duplicatesOf, type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { type SpawnedServer, spawnServer } from '../../../test/spawn-server';

/**
 * The mail provider in trouble, then gone, then back, with the real app as a separate process
 * (PGlite, or PostgreSQL when TEST_DATABASE_URL is set). The backoff is the production one,
 * NOTIFICATION_RETRY_BASE_MS × 2^(tries − 1), scaled from 1 minute to 500 ms so that an outage of
 * a few seconds spans several retries.
 */
const serverUrl = inject('testDatabaseUrl');
const RETRY_BASE_MS = 500;
let database: AppDatabase;
let sink: SmtpSink;
let server: SpawnedServer | undefined;

beforeAll(async () => {
  database = await createAppDatabase(serverUrl, 'outbox_outage');
  sink = await startSmtpSink();
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
  await database?.drop();
});

const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));

describe(`SMTP outage (${serverUrl ? 'PostgreSQL' : 'PGlite'}, spawned app)`, () => {
  it('retries with a doubling delay while the server refuses or is gone, then delivers everything once', async () => {
    const seeded = await seedOfferMakers(database, { dealers: 3, vehicles: 3 });
    server = await spawnServer({
      ...database.env,
      ...outboxAppEnv(sink.url, {
        NOTIFICATION_INTERVAL_MS: '100',
        NOTIFICATION_RETRY_BASE_MS: String(RETRY_BASE_MS),
      }),
    });

    // 0–6 s (room for three tries on a loaded machine): the server answers every message with 451 (try again later).
    sink.refuse(true);
    const start = Date.now();
    const refusedPhase = await makeOffers([server], seeded, 3, 3, 1);
    expect(refusedPhase.map((a) => a.status)).toEqual([201, 201, 201]);
    await sleepUntil(start + 6000);

    // 6–9 s: nothing listens on the port (connection refused).
    const port = sink.port;
    await sink.close();
    const absentPhase = await makeOffers([server], seeded, 3, 3, 4);
    expect(absentPhase.map((a) => a.status)).toEqual([201, 201, 201]);
    await sleepUntil(start + 9000);
    expect(sink.messages).toHaveLength(0);

    // From 9 s: back, accepting, with the same log.
    sink = await startSmtpSink(port, sink.messages, sink.log);
    await expect
      .poll(() => sink.messages.length, { timeout: 30_000, interval: 100 })
      .toBeGreaterThanOrEqual(6);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await server.stop()).toBe(0);

    // Everything arrived, once.
    expect(sink.messages).toHaveLength(6);
    expect(duplicatesOf(sink.messages.map((m) => m.messageId))).toEqual({});
    expect(sink.messages.map((m) => amountInSubject(m.subject)).sort()).toEqual([1, 2, 3, 4, 5, 6]);

    // While refused, each message was retried after 0.5 s, then 1 s, then 2 s: never sooner (the
    // next try is due that long after the failure was recorded), and not much later (the sender
    // looks every 100 ms).
    const refusals = (n: number) =>
      sink.attempts.filter((a) => a.refused && amountInSubject(a.subject) === n).map((a) => a.at);
    for (const n of [1, 2, 3]) {
      const times = refusals(n);
      expect(times.length, `refused tries of offer ${n}`).toBeGreaterThanOrEqual(3);
      const waits = times.slice(1).map((t, i) => t - times[i]!);
      waits.forEach((wait, i) => {
        expect(wait, `wait ${i + 1} of offer ${n}`).toBeGreaterThanOrEqual(RETRY_BASE_MS * 2 ** i - 20);
        expect(wait, `wait ${i + 1} of offer ${n}`).toBeLessThan(RETRY_BASE_MS * 2 ** i + 1500);
      });
    }
    for (const n of [4, 5, 6]) expect(refusals(n)).toEqual([]);

    // The rows: all sent; each counts its failed tries (refused, or connection refused) plus the last.
    const handle = await database.open();
    let outbox: Awaited<ReturnType<typeof readOutbox>>;
    try {
      outbox = await readOutbox(handle);
    } finally {
      await handle.close();
    }
    expect(outbox.notifications).toHaveLength(6);
    for (const row of outbox.notifications) {
      const n = amountInSubject(row.subject)!;
      expect(row.status).toBe('sent');
      expect(row.attempts).toBeGreaterThanOrEqual(refusals(n).length + 1);
      expect(row.attempts).toBeGreaterThanOrEqual(2);
      expect(row.attempts).toBeLessThan(8);
    }
  }, 90_000);
});
