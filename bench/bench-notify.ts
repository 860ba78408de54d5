/**
 * bench:notify — 1,000 state changes through the real app (Make Offer over HTTP by seeded dealers,
 * 10 concurrent clients; each offer queues one "New offer" e-mail to the one admin in its own
 * transaction), then the time until a real SMTP server (smtp-server on 127.0.0.1) has received every
 * mail. Prints p50/p95 event→receipt latency (from the offer's 201 answer to the SMTP server's
 * acceptance), duplicates and lost (both must be 0). On PGlite, and on PostgreSQL too when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set. The sender runs every BENCH_NOTIFY_INTERVAL_MS
 * (default 1000; production default NOTIFICATION_INTERVAL_MS is 5000). Exits 1 on any duplicate or
 * lost mail, or when the mails do not all arrive within BENCH_NOTIFY_TIMEOUT_MS (default 180 s).
 */
import {
  type AppDatabase,
  amountInSubject,
  createAppDatabase,
  makeOffers,
  outboxAppEnv,
  seedOfferMakers,
} from '../server/test/outbox-apps';
import { startSmtpSink } from '../server/test/smtp-sink';
import { line, startBenchServer, writeResults } from './support';

const EVENTS = Number(process.env.BENCH_NOTIFY_EVENTS ?? 1000);
const INTERVAL_MS = Number(process.env.BENCH_NOTIFY_INTERVAL_MS ?? 1000);
const TIMEOUT_MS = Number(process.env.BENCH_NOTIFY_TIMEOUT_MS ?? 180_000);
const CLIENTS = 10;

interface Figures {
  events: number;
  accepted: number;
  received: number;
  duplicates: number;
  lost: number;
  offersPerSecond: number;
  /** From the first offer sent to the last mail received. */
  totalMs: number;
  /** From the last offer answered to the last mail received. */
  drainMs: number;
  p50: number;
  p95: number;
  max: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;

async function measure(label: string, database: AppDatabase): Promise<Figures> {
  const seeded = await seedOfferMakers(database, { dealers: 50, vehicles: 20 });
  const sink = await startSmtpSink();
  const server = await startBenchServer({
    ...database.env,
    ...outboxAppEnv(sink.url, { NOTIFICATION_INTERVAL_MS: String(INTERVAL_MS) }),
  });
  try {
    const started = Date.now();
    const answers = await makeOffers([server], seeded, EVENTS, CLIENTS);
    const answered = Date.now();
    const accepted = answers.filter((a) => a.status === 201);
    const deadline = answered + TIMEOUT_MS;
    while (sink.messages.length < accepted.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const lastArrival = sink.arrivals.at(-1) ?? Date.now();
    // A few more passes: a duplicate would arrive now.
    await new Promise((r) => setTimeout(r, Math.max(2000, 2 * INTERVAL_MS)));

    const firstArrival = new Map<number, number>();
    sink.messages.forEach((m, i) => {
      const n = amountInSubject(m.subject);
      if (n !== null && !firstArrival.has(n)) firstArrival.set(n, sink.arrivals[i]!);
    });
    const byMessageId = new Set(sink.messages.map((m) => m.messageId)).size;
    const duplicates = Math.max(sink.messages.length - firstArrival.size, sink.messages.length - byMessageId);
    const lost = accepted.filter((a) => !firstArrival.has(a.n)).length;
    const latencies = accepted
      .filter((a) => firstArrival.has(a.n))
      .map((a) => firstArrival.get(a.n)! - a.at)
      .sort((x, y) => x - y);
    const figures: Figures = {
      events: EVENTS,
      accepted: accepted.length,
      received: sink.messages.length,
      duplicates,
      lost,
      offersPerSecond: Math.round((accepted.length / ((answered - started) / 1000)) * 10) / 10,
      totalMs: lastArrival - started,
      drainMs: Math.max(0, lastArrival - answered),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: latencies.at(-1) ?? Number.NaN,
    };
    line(`${label}: offers accepted (201) / sent`, `${figures.accepted} / ${EVENTS}`);
    line(`${label}: offers/s (${CLIENTS} clients)`, figures.offersPerSecond);
    line(`${label}: mails received`, figures.received);
    line(`${label}: first offer → last mail (ms)`, figures.totalMs);
    line(`${label}: last offer → last mail (ms)`, figures.drainMs);
    line(`${label}: event→mail p50/p95/max ms`, `${figures.p50} / ${figures.p95} / ${figures.max}`);
    line(`${label}: duplicates (must be 0)`, duplicates);
    line(`${label}: lost (must be 0)`, lost);
    return figures;
  } finally {
    await server.stop();
    await sink.close();
  }
}

line('events / sender interval', `${EVENTS} / ${INTERVAL_MS} ms`);
const results: Record<string, Figures> = {};
const pglite = await createAppDatabase('', 'bench-notify');
try {
  results.pglite = await measure('PGlite', pglite);
} finally {
  await pglite.drop();
}
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const postgres = await createAppDatabase(serverUrl, 'bench_notify');
  try {
    results.postgres = await measure('PostgreSQL', postgres);
  } finally {
    await postgres.drop();
  }
} else {
  line('PostgreSQL', 'skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
}
line('written', writeResults('notify', { events: EVENTS, intervalMs: INTERVAL_MS, ...results }));
const failed = Object.values(results).some(
  (f) => f.duplicates > 0 || f.lost > 0 || f.accepted !== EVENTS || f.received !== EVENTS,
);
process.exit(failed ? 1 : 0);
