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
import { duplicatesOf, recipientsOf, type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { type SpawnedServer, spawnServer } from '../../../test/spawn-server';

/**
 * PostgreSQL only (vitest.config includes *.pg.test.ts when TEST_DATABASE_URL is set): two app
 * processes on one database, each with its own sender, both mailing one SMTP server. 500 offers are
 * made through HTTP, alternately on each instance; each is one message to the one admin. First 250
 * while the senders are idle (a backlog, as after a deploy or an outage), then two fresh instances
 * start draining it together while the other 250 are made on them. Each instance signs with its own
 * From address (same domain, so a row's Message-ID is the same whichever instance sends it), which
 * tells which instance sent what.
 */
const serverUrl = inject('testDatabaseUrl');
const EVENTS = 500;
const FROM = ['Deal Machine <notify-a@wholesale.example>', 'Deal Machine <notify-b@wholesale.example>'];
let database: AppDatabase;
let sink: SmtpSink;
let servers: SpawnedServer[] = [];

beforeAll(async () => {
  database = await createAppDatabase(serverUrl, 'outbox_two');
  sink = await startSmtpSink();
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await sink?.close();
  await database?.drop();
});

describe('two app instances on one PostgreSQL outbox', () => {
  it(`send the messages of ${EVENTS} offers made on both: ${EVENTS} arrive, 0 lost, 0 duplicates`, async () => {
    const seeded = await seedOfferMakers(database, { dealers: 20, vehicles: 10 });
    const start = (interval: string) =>
      Promise.all(
        FROM.map((from) =>
          spawnServer({
            ...database.env,
            ...outboxAppEnv(sink.url, { MAIL_FROM: from, NOTIFICATION_INTERVAL_MS: interval }),
          }),
        ),
      );
    // 250 offers on two instances whose senders wait an hour: the messages pile up.
    servers = await start('3600000');
    const backlog = await makeOffers(servers, seeded, EVENTS / 2, 10);
    expect(backlog.filter((a) => a.status === 201)).toHaveLength(EVENTS / 2);
    expect((await Promise.all(servers.map((s) => s.stop()))).every((code) => code === 0)).toBe(true);
    expect(sink.messages).toHaveLength(0);

    // Two fresh instances drain the backlog together, while 250 more offers are made on them.
    servers = await start('100');
    const more = await makeOffers(servers, seeded, EVENTS / 2, 10, EVENTS / 2);
    expect(more.filter((a) => a.status === 201)).toHaveLength(EVENTS / 2);

    await expect
      .poll(() => sink.messages.length, { timeout: 60_000, interval: 200 })
      .toBeGreaterThanOrEqual(EVENTS);
    // Ten more passes of each sender: a duplicate would arrive now.
    await new Promise((r) => setTimeout(r, 2000));
    expect((await Promise.all(servers.map((s) => s.stop()))).every((code) => code === 0)).toBe(true);

    expect(sink.messages).toHaveLength(EVENTS);
    expect(duplicatesOf(sink.messages.map((m) => m.messageId))).toEqual({});
    expect(duplicatesOf(sink.messages.map((m) => `${recipientsOf(m).join(',')} ${m.subject}`))).toEqual({});
    const received = new Set(sink.messages.map((m) => amountInSubject(m.subject)));
    const lost = Array.from({ length: EVENTS }, (_, n) => n).filter((n) => !received.has(n));
    expect(lost).toEqual([]);

    // Both instances sent a real share.
    const sentBy = FROM.map(
      (from) =>
        sink.messages.filter((m) => m.from?.text === from.replace(/^Deal Machine /, '"Deal Machine" '))
          .length,
    );
    expect(sentBy[0]! + sentBy[1]!).toBe(EVENTS);
    expect(Math.min(...sentBy)).toBeGreaterThan(EVENTS / 10);

    const handle = await database.open();
    try {
      const outbox = await readOutbox(handle);
      expect(outbox.notifications).toHaveLength(EVENTS);
      expect(outbox.notifications.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await handle.close();
    }
  }, 150_000);
});
