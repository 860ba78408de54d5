import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { soldMessage } from '../../../test/helpers';
import {
  type AppDatabase,
  amountInSubject,
  createAppDatabase,
  type OfferAnswer,
  OUTBOX_ADMIN,
  offerSubjectPart,
  outboxAppEnv,
  postOffer,
  readOutbox,
  seedOfferMakers,
} from '../../../test/outbox-apps';
import { duplicatesOf, recipientsOf, type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { type SpawnedServer, spawnServer } from '../../../test/spawn-server';
import { createTestDatabase } from '../../../test/test-database';
import type { DbHandle } from '../../db/client';
import { adminUsers, notifications } from '../../db/schema';
import { enqueueNotifications } from './enqueue-notifications';

/**
 * Crash safety of the outbox with the real app as a separate process, on the embedded database
 * (PGlite keeps its files in DATA_DIR, so a new process opens what the killed one left) or on
 * PostgreSQL when TEST_DATABASE_URL is set. The app is SIGKILLed after offers were made and before
 * its sender ran; the restarted app must send every committed offer's message exactly once, and
 * none for an offer that never committed.
 */
const serverUrl = inject('testDatabaseUrl');
let database: AppDatabase;
let sink: SmtpSink;
const servers: SpawnedServer[] = [];

beforeAll(async () => {
  database = await createAppDatabase(serverUrl, 'outbox_crash');
  sink = await startSmtpSink();
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await sink?.close();
  await database?.drop();
});

/** Fires offers at the server and SIGKILLs it once about half have been answered. */
async function burstAndKill(server: SpawnedServer, seeded: { codes: string[]; vehicleIds: number[] }) {
  const answers: OfferAnswer[] = [];
  const total = 30;
  await Promise.all(
    Array.from({ length: total }, async (_, i) => {
      const n = 100 + i;
      const answer = await postOffer(
        server,
        n,
        seeded.vehicleIds[i % seeded.vehicleIds.length]!,
        seeded.codes[i % seeded.codes.length]!,
      );
      if (answer) answers.push(answer);
      if (answers.length >= total / 2 && server.child.exitCode === null) server.child.kill('SIGKILL');
    }),
  );
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  return answers.filter((a) => a.status === 201).map((a) => a.n);
}

describe(`outbox crash safety (${serverUrl ? 'PostgreSQL' : 'PGlite'}, spawned app)`, () => {
  it('a message enqueued before a SIGKILL is sent exactly once after the restart, and only for committed changes', async () => {
    const seeded = await seedOfferMakers(database, { dealers: 6, vehicles: 4 });
    // The first process's sender would run only after an hour: it dies before sending anything.
    const first = await spawnServer({
      ...database.env,
      ...outboxAppEnv(sink.url, { NOTIFICATION_INTERVAL_MS: '3600000' }),
    });
    servers.push(first);
    const single = await postOffer(first, 1, seeded.vehicleIds[0]!, seeded.codes[0]!);
    expect(single?.status).toBe(201);
    const acknowledged = [1, ...(await burstAndKill(first, seeded))];
    expect(await first.stop()).toBeNull(); // killed, not exited
    expect(acknowledged.length).toBeGreaterThan(5);
    expect(sink.messages).toHaveLength(0);

    // The same database, a sender every 100 ms.
    const second = await spawnServer({
      ...database.env,
      ...outboxAppEnv(sink.url, { NOTIFICATION_INTERVAL_MS: '100' }),
    });
    servers.push(second);
    await expect
      .poll(() => sink.messages.length, { timeout: 20_000, interval: 100 })
      .toBeGreaterThanOrEqual(acknowledged.length);
    // Twenty more passes: a duplicate would arrive now.
    await new Promise((r) => setTimeout(r, 2000));
    expect(await second.stop()).toBe(0);

    const handle = await database.open();
    let outbox: Awaited<ReturnType<typeof readOutbox>>;
    try {
      outbox = await readOutbox(handle);
    } finally {
      await handle.close();
    }
    // Every committed offer has its one row, and every row was sent at its first attempt.
    const committed = outbox.activityAmounts.sort((a, b) => a - b);
    for (const n of acknowledged) expect(committed).toContain(n);
    expect(outbox.notifications).toHaveLength(committed.length);
    expect(outbox.notifications.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);

    // The SMTP server got exactly those: one per committed offer, none twice (by Message-ID and by
    // recipient + subject), none for an offer that did not commit.
    expect(sink.messages).toHaveLength(committed.length);
    expect(duplicatesOf(sink.messages.map((m) => m.messageId))).toEqual({});
    expect(duplicatesOf(sink.messages.map((m) => `${recipientsOf(m).join(',')} ${m.subject}`))).toEqual({});
    expect(sink.messages.every((m) => recipientsOf(m).join(',') === OUTBOX_ADMIN)).toBe(true);
    expect(sink.messages.map((m) => amountInSubject(m.subject)).sort((a, b) => a! - b!)).toEqual(committed);
    expect(sink.messages.filter((m) => m.subject?.includes(offerSubjectPart(1)))).toHaveLength(1);
  }, 120_000);
});

describe('a change that rolls back', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.db.insert(adminUsers).values({ email: OUTBOX_ADMIN, passwordHash: 'x' });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('leaves no outbox row; the same change committed leaves one', async () => {
    const message = {
      event: 'vehicle_sold' as const,
      entityId: 42,
      to: [{ admins: true as const }],
      message: soldMessage(1),
    };
    await expect(
      handle.db.transaction(async (tx) => {
        await enqueueNotifications(tx, [message]);
        throw new Error('the state change failed after its messages were written');
      }),
    ).rejects.toThrow(/state change failed/);
    expect(await handle.db.select().from(notifications)).toEqual([]);

    await handle.db.transaction((tx) => enqueueNotifications(tx, [message]));
    expect(await handle.db.select().from(notifications)).toHaveLength(1);
  });
});
