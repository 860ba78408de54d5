/**
 * bench:orders — buy-order matching (docs/design.md §13, ADR 0024) on PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL; a fresh database is created there and dropped).
 * 1. 10,000 open orders from 1,000 dealerships (BENCH_ORDERS), then 1,000 publications
 *    (BENCH_PUBLICATIONS), each in its own transaction as Complete Listing makes it: the time of the
 *    matching statement alone (p50/p95/max; target p95 < 20 ms) and of the whole transaction; then
 *    every (order, car) pair is checked against a brute-force evaluation of the same rules in
 *    JavaScript: 0 lost, 0 extra, 0 duplicate alerts in the outbox.
 * 2. End to end through the built app (`npm start`'s bundle) with a real SMTP server: 50 more cars
 *    published over HTTP by the admin, two a second, while the app's sender runs every second; the
 *    time from each publication's answer to each of its alerts reaching the SMTP server (p50/p95;
 *    target p95 ≤ 60 s), duplicates and lost (both must be 0).
 * Exits 1 on a lost, extra or duplicate match or alert.
 */
import { and, eq, sql } from 'drizzle-orm';
import { AUCTION_CERTIFIED } from '../contracts/limits';
import { openDatabase } from '../server/src/db/client';
import {
  buyOrderMatches,
  buyOrders,
  buyOrderTargets,
  dealers,
  notifications,
  vehicles,
} from '../server/src/db/schema';
import { alertMatches, recordMatches } from '../server/src/modules/buy-orders/match-buy-orders';
import { updateVehicleRow } from '../server/src/modules/vehicle-rows/vehicle-rows';
import { createDatabase, dropDatabase } from '../server/test/pg-admin';
import { startSmtpSink } from '../server/test/smtp-sink';
import { benchDealers, line, requirePostgres, startBenchServer, writeResults } from './support';
import { benchVehicles } from './vehicles-fixture';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const PUBLICATIONS = Number(process.env.BENCH_PUBLICATIONS ?? 1_000);
const END_TO_END = Number(process.env.BENCH_ORDERS_E2E ?? 50);
const DEALERS = 1_000;
const ADMIN = { email: 'bench@orders.example', password: 'bench-orders-password' };

/** A deterministic pseudo-random sequence (mulberry32), so every run builds the same orders. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const percentiles = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) =>
    Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2));
  return { p50: at(50), p95: at(95), max: at(100) };
};

interface Order {
  id: number;
  dealerId: number;
  targets: { make: string; model: string | null }[];
  yearMin: number | null;
  yearMax: number | null;
  maxMiles: number | null;
  maxPrice: number | null;
  certification: 'all' | 'premium' | 'auction';
  quantity: number;
}

/** The fixture's cars are these makes and models; most orders ask for others (as dealers do). */
const FIXTURE_MODELS = [
  ...new Map(benchVehicles(0, 40).map((v) => [`${v.make}|${v.model}`, v])).values(),
].map((v) => ({ make: v.make!, model: v.model! }));
const OTHER_MODELS = [
  { make: 'Subaru', model: 'Outback' },
  { make: 'Mazda', model: 'CX-5' },
  { make: 'BMW', model: 'X5' },
  { make: 'Lexus', model: 'RX' },
  { make: 'Volkswagen', model: 'Jetta' },
  { make: 'GMC', model: 'Sierra 1500' },
  { make: 'Ram', model: '1500' },
  { make: 'Tesla', model: 'Model 3' },
];

function makeOrders(dealerIds: number[]): Omit<Order, 'id'>[] {
  const next = random(42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  return Array.from({ length: ORDERS }, () => {
    const targets = Array.from({ length: 1 + Math.floor(next() * 2) }, () => {
      const target = next() < 0.3 ? pick(FIXTURE_MODELS) : pick(OTHER_MODELS);
      return { make: target.make, model: next() < 0.2 ? null : target.model };
    });
    const yearMin = 2012 + Math.floor(next() * 12);
    return {
      dealerId: pick(dealerIds),
      targets: [...new Map(targets.map((t) => [`${t.make}|${t.model}`, t])).values()],
      yearMin: next() < 0.9 ? yearMin : null,
      yearMax: next() < 0.7 ? yearMin + 2 + Math.floor(next() * 3) : null,
      maxMiles: next() < 0.7 ? 40_000 + Math.floor(next() * 10) * 10_000 : null,
      maxPrice: next() < 0.8 ? 10_000 + Math.floor(next() * 35) * 1_000 : null,
      certification: pick(['all', 'all', 'premium', 'auction'] as const),
      quantity: 1 + Math.floor(next() * 5),
    };
  });
}

/** The rules of criteriaMatchSql, in JavaScript: what every publication should have matched. */
const matches = (o: Order, v: typeof vehicles.$inferSelect) =>
  o.targets.some(
    (t) =>
      t.make.toLowerCase() === v.make?.toLowerCase() &&
      (t.model === null || t.model.toLowerCase() === v.model?.toLowerCase()),
  ) &&
  (o.yearMin === null || (v.year !== null && v.year >= o.yearMin)) &&
  (o.yearMax === null || (v.year !== null && v.year <= o.yearMax)) &&
  (o.maxMiles === null || (v.mileage !== null && v.mileage <= o.maxMiles)) &&
  (o.maxPrice === null || (v.price !== null && Number(v.price) <= o.maxPrice)) &&
  (o.certification === 'all' ||
    (o.certification === 'auction' ? v.condition === AUCTION_CERTIFIED : v.condition !== AUCTION_CERTIFIED));

const pgServer = requirePostgres('orders');
const database = await createDatabase(pgServer, 'bench_orders', { fromTemplate: false });
let failed = false;
try {
  const handle = await openDatabase({ databaseUrl: database.url });
  await handle.migrate();
  const db = handle.db;
  const setupStarted = performance.now();
  const dealerRows = await db
    .insert(dealers)
    .values(benchDealers(DEALERS, { name: 'Bench Motors', address: '1 Main St', domain: 'bench.example' }))
    .returning({ id: dealers.id });
  const neededBy = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const planned = makeOrders(dealerRows.map((d) => d.id));
  const orders: Order[] = [];
  for (let i = 0; i < planned.length; i += 1000) {
    const batch = planned.slice(i, i + 1000);
    const ids = await db
      .insert(buyOrders)
      .values(
        batch.map((o) => ({
          dealerId: o.dealerId,
          yearMin: o.yearMin,
          yearMax: o.yearMax,
          maxMiles: o.maxMiles,
          maxPrice: o.maxPrice === null ? null : o.maxPrice.toFixed(2),
          certification: o.certification,
          quantity: o.quantity,
          neededBy,
          deliveryZip: '10001',
        })),
      )
      .returning({ id: buyOrders.id });
    for (const [k, o] of batch.entries()) orders.push({ ...o, id: ids[k]!.id });
  }
  const targetRows = orders.flatMap((o) =>
    o.targets.map((t) => ({
      orderId: o.id,
      make: t.make.toLowerCase(),
      model: t.model?.toLowerCase() ?? null,
      makeLabel: t.make,
      modelLabel: t.model,
    })),
  );
  for (let i = 0; i < targetRows.length; i += 2000)
    await db.insert(buyOrderTargets).values(targetRows.slice(i, i + 2000));
  const queued = benchVehicles(0, PUBLICATIONS + END_TO_END).map((v) => ({
    ...v,
    status: 'pending',
    inQueue: true,
  }));
  const cars: (typeof vehicles.$inferSelect)[] = [];
  for (let i = 0; i < queued.length; i += 1000)
    cars.push(
      ...(await db
        .insert(vehicles)
        .values(queued.slice(i, i + 1000))
        .returning()),
    );
  await db.execute(sql`vacuum analyze buy_orders`);
  await db.execute(sql`vacuum analyze buy_order_targets`);
  await db.execute(sql`vacuum analyze vehicles`);
  line('orders / targets / dealerships', `${ORDERS} / ${targetRows.length} / ${DEALERS}`);
  line('setup (s)', ((performance.now() - setupStarted) / 1000).toFixed(1));

  // 1. Publications, one transaction each.
  const matching: number[] = [];
  const alerting: number[] = [];
  const whole: number[] = [];
  const inProcess = cars.slice(0, PUBLICATIONS);
  for (const car of inProcess) {
    const started = performance.now();
    await db.transaction(async (tx) => {
      await updateVehicleRow(tx, car.id, { status: 'active', inQueue: false });
      // matchBuyOrders' two steps, timed apart: the matching statement, then the alerts' outbox rows.
      const before = performance.now();
      const matched = await recordMatches(tx, car.id, 'published');
      const between = performance.now();
      await alertMatches(tx, matched, 'published');
      matching.push(between - before);
      alerting.push(performance.now() - between);
    });
    whole.push(performance.now() - started);
  }
  const m = percentiles(matching);
  const a = percentiles(alerting);
  const w = percentiles(whole);
  line('matching statement p50 / p95 / max (ms)', `${m.p50} / ${m.p95} / ${m.max}  (target p95 < 20)`);
  line('alerts to the outbox p50 / p95 / max (ms)', `${a.p50} / ${a.p95} / ${a.max}`);
  line('publishing transaction p50 / p95 / max (ms)', `${w.p50} / ${w.p95} / ${w.max}`);

  const expectedPairs = new Set<string>();
  const expectedAlerts = new Set<string>();
  for (const car of inProcess) {
    const published = { ...car, status: 'active', inQueue: false };
    for (const order of orders) {
      if (!matches(order, published)) continue;
      expectedPairs.add(`${order.id}|${car.id}`);
      expectedAlerts.add(`${order.dealerId}|${car.id}`);
    }
  }
  const recorded = await db
    .select({ orderId: buyOrderMatches.orderId, vehicleId: buyOrderMatches.vehicleId })
    .from(buyOrderMatches);
  const recordedPairs = new Set(recorded.map((r) => `${r.orderId}|${r.vehicleId}`));
  const lostPairs = [...expectedPairs].filter((p) => !recordedPairs.has(p)).length;
  const extraPairs = [...recordedPairs].filter((p) => !expectedPairs.has(p)).length;
  const alerts = await db
    .select({ key: notifications.idempotencyKey, recipient: notifications.recipient })
    .from(notifications)
    .where(and(eq(notifications.event, 'buy_order_match')));
  const alertKeys = new Set(alerts.map((a) => a.key));
  const duplicateAlerts = alerts.length - alertKeys.size;
  line('matches recorded / expected', `${recorded.length} / ${expectedPairs.size}`);
  line('matches per publication (mean)', (recorded.length / inProcess.length).toFixed(1));
  line('matches lost / extra', `${lostPairs} / ${extraPairs}`);
  line('alerts queued / expected (one per dealership and car)', `${alerts.length} / ${expectedAlerts.size}`);
  line('duplicate alerts', duplicateAlerts);
  if (lostPairs || extraPairs || duplicateAlerts || alerts.length !== expectedAlerts.size) failed = true;
  // Part 2 measures its own alerts: part 1's are counted, not sent.
  await db.delete(notifications).where(eq(notifications.event, 'buy_order_match'));
  await handle.close();

  // 2. End to end: HTTP publication → outbox → sender → SMTP server.
  const sink = await startSmtpSink();
  const server = await startBenchServer({
    DATABASE_URL: database.url,
    SMTP_URL: sink.url,
    NOTIFICATION_INTERVAL_MS: '1000',
    ADMIN_EMAILS: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
  });
  let endToEnd = { published: 0, alerts: 0, received: 0, duplicates: 0, lost: 0, p50: 0, p95: 0, max: 0 };
  try {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const publishedAt = new Map<number, number>();
    const started = Date.now();
    const carsToPublish = cars.slice(PUBLICATIONS);
    for (const [i, car] of carsToPublish.entries()) {
      await new Promise((r) => setTimeout(r, Math.max(0, started + i * 500 - Date.now())));
      const res = await fetch(`${server.url}/api/vehicles/${car.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          status: 'active',
          inQueue: false,
          mileage: car.mileage ?? 50_000,
          price: car.price,
          condition: car.condition,
        }),
      });
      if (res.status !== 200)
        throw new Error(`publishing ${car.id} answered ${res.status}: ${await res.text()}`);
      publishedAt.set(car.id, Date.now());
    }
    const handle2 = await openDatabase({ databaseUrl: database.url });
    const queuedAlerts = (
      await handle2.db
        .select({ key: notifications.idempotencyKey })
        .from(notifications)
        .where(eq(notifications.event, 'buy_order_match'))
    ).filter((a) => publishedAt.has(Number(a.key.split(':')[1])));
    await handle2.close();
    const deadline = Date.now() + 180_000;
    const alertMails = () => sink.messages.filter((mail) => mail.subject?.includes('for buy order #'));
    while (alertMails().length < queuedAlerts.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 2500));
    const latencies: number[] = [];
    const seen = new Set<string>();
    let duplicates = 0;
    sink.messages.forEach((mail, i) => {
      if (!mail.subject?.includes('for buy order')) return;
      const vehicleId = Number(/\/vehicle\/(\d+)/.exec(mail.text ?? '')?.[1]);
      const to = (Array.isArray(mail.to) ? mail.to : [mail.to])
        .flatMap((a) => a?.value.map((v) => v.address) ?? [])
        .join(',');
      const key = `${to}|${vehicleId}`;
      if (seen.has(key)) duplicates++;
      seen.add(key);
      const at = publishedAt.get(vehicleId);
      if (at !== undefined) latencies.push(sink.arrivals[i]! - at);
    });
    const p = percentiles(latencies.length ? latencies : [Number.NaN]);
    endToEnd = {
      published: publishedAt.size,
      alerts: queuedAlerts.length,
      received: seen.size,
      duplicates,
      lost: Math.max(0, queuedAlerts.length - seen.size),
      p50: p.p50,
      p95: p.p95,
      max: p.max,
    };
    line('end to end: published over HTTP (2/s)', endToEnd.published);
    line('end to end: alerts queued / received', `${endToEnd.alerts} / ${endToEnd.received}`);
    line('end to end: duplicates / lost', `${endToEnd.duplicates} / ${endToEnd.lost}`);
    line(
      'publication → SMTP p50 / p95 / max (ms)',
      `${endToEnd.p50} / ${endToEnd.p95} / ${endToEnd.max}  (target p95 ≤ 60000)`,
    );
    if (endToEnd.duplicates || endToEnd.lost) failed = true;
  } finally {
    await server.stop();
    await sink.close();
  }
  const file = writeResults('bench-orders', {
    orders: ORDERS,
    publications: PUBLICATIONS,
    matchingMs: m,
    alertsMs: a,
    transactionMs: w,
    matches: { recorded: recorded.length, expected: expectedPairs.size, lost: lostPairs, extra: extraPairs },
    alerts: { queued: alerts.length, expected: expectedAlerts.size, duplicates: duplicateAlerts },
    endToEnd,
  });
  line('results', file);
} finally {
  await dropDatabase(pgServer, database.name);
}
process.exit(failed ? 1 : 0);
