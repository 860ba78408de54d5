import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { formatAmount } from '@contracts/money';
import { sql } from 'drizzle-orm';
import { type DbHandle, openDatabase } from '../src/db/client';
import { notifications as notificationsTable } from '../src/db/schema';
import { renderPayload } from '../src/modules/notifications/render-message';
import { insertBuyCodeRow, insertDealer, insertVehicle } from './factories';
import { createDatabase, dropDatabase } from './pg-admin';
import { migratedDataDir } from './scratch';
import { NO_ATTEMPT_LIMITS, type SpawnedServer } from './spawn-server';

/**
 * Support for outbox tests and benchmarks that run the real app as separate processes (crash,
 * two instances, SMTP outage, bench:notify): a database of its own, offer makers seeded into it,
 * and offers made through HTTP. Every offer mails "New offer of $amount …" to each admin, so with
 * one admin and a distinct amount per offer, each state change is one message with its own subject.
 */

export const OUTBOX_ADMIN = 'ops@wholesale.example';
export const OUTBOX_FROM = 'Deal Machine <notify@wholesale.example>';

export interface AppDatabase {
  kind: 'pglite' | 'postgres';
  /** What a spawned app needs to open it: DATA_DIR (PGlite) or DATABASE_URL. */
  env: Record<string, string>;
  /** Opens it in this process. PGlite allows one process at a time: only while no app has it open. */
  open(): Promise<DbHandle>;
  drop(): Promise<void>;
}

/** A new, migrated database: a PGlite data directory, or a PostgreSQL database on `serverUrl`. */
export async function createAppDatabase(serverUrl: string, prefix: string): Promise<AppDatabase> {
  if (serverUrl) {
    const { name, url } = await createDatabase(serverUrl, prefix, { fromTemplate: false });
    const handle = await openDatabase({ databaseUrl: url });
    await handle.migrate();
    await handle.close();
    return {
      kind: 'postgres',
      env: { DATABASE_URL: url },
      open: () => openDatabase({ databaseUrl: url }),
      drop: () => dropDatabase(serverUrl, name),
    };
  }
  // The run's migrated snapshot, unpacked: no initdb (~5 s) for a database the test only fills.
  const dataDir = migratedDataDir(`${prefix}-`);
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir: join(dataDir, 'db') }),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

const CODE_CHARS = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Dealers with buy codes and published vehicles to make offers on (offers never use a code up). */
export async function seedOfferMakers(database: AppDatabase, counts: { dealers: number; vehicles: number }) {
  const handle = await database.open();
  try {
    const codes: string[] = [];
    for (let i = 0; i < counts.dealers; i++) {
      const dealer = await insertDealer(handle.db, { dealerName: `Outbox Motors ${i}` });
      const code = `M${CODE_CHARS[Math.floor(i / 32) % 32]}${CODE_CHARS[i % 32]}X`;
      await insertBuyCodeRow(handle.db, { dealerId: dealer.id, code });
      codes.push(code);
    }
    const vehicleIds: number[] = [];
    for (let i = 0; i < counts.vehicles; i++)
      vehicleIds.push((await insertVehicle(handle.db, { price: '99999.00' })).id);
    return { codes, vehicleIds };
  } finally {
    await handle.close();
  }
}

/** The environment of an app that mails through `smtpUrl` to one admin (plus a database env). */
export const outboxAppEnv = (smtpUrl: string, extra: Record<string, string> = {}) => ({
  SMTP_URL: smtpUrl,
  MAIL_FROM: OUTBOX_FROM,
  ADMIN_EMAILS: OUTBOX_ADMIN,
  ADMIN_PASSWORD: 'outbox-admin-password',
  ...NO_ATTEMPT_LIMITS,
  ...extra,
});

/** The distinct amount of offer number `n`, and the subject line its message carries. */
export const offerAmount = (n: number) => String(10_000 + n);
export const amountInSubject = (subject: string | undefined) => {
  const match = /New offer of \$([\d,]+)(?:\.00)? /.exec(subject ?? '');
  return match ? Number(match[1]!.replaceAll(',', '')) - 10_000 : null;
};
export const offerSubjectPart = (n: number) => `New offer of ${formatAmount(`${offerAmount(n)}.00`)} `;

export interface OfferAnswer {
  n: number;
  status: number;
  /** Date.now() when the answer arrived: the change had committed. */
  at: number;
}

/** Make Offer through HTTP: offer number `n` with its distinct amount. Null if the connection failed. */
export async function postOffer(
  server: Pick<SpawnedServer, 'url'>,
  n: number,
  vehicleId: number,
  buyCode: string,
): Promise<OfferAnswer | null> {
  try {
    const response = await fetch(`${server.url}/api/vehicles/${vehicleId}/offers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: offerAmount(n), buyCode }),
    });
    await response.arrayBuffer();
    return { n, status: response.status, at: Date.now() };
  } catch {
    return null;
  }
}

/** Offers 0 … total−1 from `workers` concurrent clients, round-robin over the servers. */
export async function makeOffers(
  servers: Pick<SpawnedServer, 'url'>[],
  seeded: { codes: string[]; vehicleIds: number[] },
  total: number,
  workers = 8,
  first = 0,
) {
  const answers: OfferAnswer[] = [];
  let next = first;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < first + total) {
        const n = next++;
        const answer = await postOffer(
          servers[n % servers.length]!,
          n,
          seeded.vehicleIds[n % seeded.vehicleIds.length]!,
          seeded.codes[n % seeded.codes.length]!,
        );
        if (answer) answers.push(answer);
      }
    }),
  );
  return answers;
}

type Rows<T> = { rows: T[] };
/** Rows of a raw query (both drivers answer `{ rows }`). */
export const queryRows = async <T>(handle: DbHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as Rows<T>).rows;

/** The outbox as the tests read it: status, attempts, event and subject of each row, and the offer activities. */
export async function readOutbox(handle: DbHandle) {
  const rows = await handle.db.select().from(notificationsTable).orderBy(notificationsTable.id);
  // The subject as the sender renders it (the amount is what the tests read; brand and origin are not).
  const context = { brandName: 'Deal Machine', origin: 'http://127.0.0.1' };
  const notifications = rows.map(({ status, attempts, event, payload }) => ({
    status,
    attempts,
    event,
    subject: renderPayload(context, payload).subject,
  }));
  const activities = await queryRows<{ amount: string }>(handle, sql`select amount from offer_activities`);
  return { notifications, activityAmounts: activities.map((a) => Math.round(Number(a.amount)) - 10_000) };
}
