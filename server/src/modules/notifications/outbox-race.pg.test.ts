import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { soldMessage } from '../../../test/helpers';
import { createDatabase, dropDatabase } from '../../../test/pg-admin';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { type DbHandle, openDatabase } from '../../db/client';
import { adminUsers, notifications } from '../../db/schema';
import { enqueueNotifications } from './enqueue-notifications';
import { createMailTransport, runSenderPass } from './send-notifications';

/**
 * Runs only on PostgreSQL (vitest.config includes *.pg.test.ts when TEST_DATABASE_URL is set): two
 * senders with their own connection pools, as two app instances have, race for one outbox. With
 * real row locks, FOR UPDATE SKIP LOCKED must hand each message to exactly one of them.
 */
const serverUrl = inject('testDatabaseUrl');
const MESSAGES = 300;
let database: { name: string; url: string };
let instances: DbHandle[] = [];
let sink: SmtpSink;

beforeAll(async () => {
  database = await createDatabase(serverUrl, 'app_outbox', { fromTemplate: true });
  instances = [
    await openDatabase({ databaseUrl: database.url }),
    await openDatabase({ databaseUrl: database.url }),
  ];
  sink = await startSmtpSink();
}, 60_000);

afterAll(async () => {
  await sink?.close();
  await Promise.all(instances.map((i) => i.close()));
  if (database) await dropDatabase(serverUrl, database.name);
});

describe('two senders on one PostgreSQL outbox', () => {
  it(`deliver ${MESSAGES} messages once each`, async () => {
    await instances[0]!.db.insert(adminUsers).values({ email: 'admin@example.com' });
    await instances[0]!.db.transaction((tx) =>
      enqueueNotifications(
        tx,
        Array.from({ length: MESSAGES }, (_, i) => ({
          event: 'vehicle_sold' as const,
          entityId: i + 1,
          to: [{ admins: true }],
          message: soldMessage(i + 1),
        })),
      ),
    );
    const transport = createMailTransport(sink.url);
    // Each instance keeps passing until a pass finds nothing due, as its interval would.
    const drain = async (instance: DbHandle) => {
      let sent = 0;
      for (;;) {
        const pass = await runSenderPass(instance.db, transport, {
          from: 'Deal Machine <no-reply@example.com>',
          messages: { brandName: 'Deal Machine', origin: 'https://wholesale.example.com' },
          batchSize: 10,
        });
        sent += pass.sent;
        if (pass.sent + pass.failed + pass.dead + pass.suppressed === 0) return sent;
      }
    };
    const [a, b] = await Promise.all(instances.map(drain));
    transport.close?.();

    expect(a! + b!).toBe(MESSAGES);
    // Both took part: the race was real.
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(sink.messages).toHaveLength(MESSAGES);
    expect(new Set(sink.messages.map((m) => m.messageId)).size).toBe(MESSAGES);
    expect(new Set(sink.messages.map((m) => m.subject)).size).toBe(MESSAGES);
    const rows = await instances[0]!.db.select().from(notifications).where(eq(notifications.status, 'sent'));
    expect(rows).toHaveLength(MESSAGES);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  }, 120_000);
});
