/**
 * bench:cluster — the reference deployment (docs/design.md §9): nginx round-robin in front of one app
 * instance, then of two, on one PostgreSQL database with media in an S3-protocol bucket
 * (server/test/cluster.ts). For each: GET /api/vehicles (1,000 published vehicles) req/s through
 * nginx, then 50 dealers pressing Buy Now on 200 cars until all are sold (purchases/s, requests/s,
 * p99) and the double sales the database holds (must be 0). Both printed side by side (best of
 * two alternating rounds each). With two instances, the live updates' reach (docs/design.md §6):
 * an admin's event stream held on instance b, dealers' offers made one after another through
 * instance a, the time from the offer sent to a to its `change` on b's stream (p50/p95/max of
 * LIVE_OFFERS; a's own answer included) against the target of a second; a p95 over it exits 1.
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a server where the user may create databases)
 * and nginx (apt-get install nginx); the bundle is rebuilt first.
 */
import { openDatabase } from '../server/src/db/client';
import { vehicles } from '../server/src/db/schema';
import { type Cluster, startCluster } from '../server/test/cluster';
import { openEventStream } from '../server/test/event-stream';
import { NO_ATTEMPT_LIMITS } from '../server/test/spawn-server';
import { kindsOf, percentile, raceToBuy, saleCounts, seedBuyers } from './buy-race';
import { buildServerOnce, line, load, requirePostgres, writeResults } from './support';
import { benchVehicles } from './vehicles-fixture';

const serverUrl = requirePostgres('cluster');
const LISTED = 1000;
const FOR_SALE = 200;
const BUYERS = 50;
/** Offers made through a, each timed to its event on b's stream. */
const LIVE_OFFERS = 40;
/** A change through one instance reaches a stream held on another within this (docs/design.md §6). */
const LIVE_WITHIN_MS = 1000;
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-1' };

interface LiveFigures {
  offers: number;
  p50: number;
  p95: number;
  max: number;
}

interface Figures {
  instances: number;
  list: Awaited<ReturnType<typeof load>>;
  buy: {
    purchasesPerSecond: number;
    requestsPerSecond: number;
    p50: number;
    p99: number;
    errors: number;
    errorKinds: Record<string, number>;
  };
  purchases: number;
  sold: number;
  doubleSales: number;
  /** Two instances only. */
  live: LiveFigures | null;
}

/**
 * An admin's stream on instance b (directly, not through nginx), then `LIVE_OFFERS` dealers each
 * offering on a listed car through instance a, one at a time: from the offer sent to the `change`
 * of topic `offers` on b's stream (a's transaction, the database's NOTIFY, b's LISTEN, the stream's
 * filter).
 */
async function liveReach(cluster: Cluster, codes: string[], vehicleIds: number[]): Promise<LiveFigures> {
  const [a, b] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
  const login = await fetch(`${b.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`admin sign-in on b: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const stream = await openEventStream(`${b.url}/api/events`, { authorization: `Bearer ${token}` });
  if (stream.status !== 200) throw new Error(`stream on b: ${stream.status} ${stream.error ?? ''}`);
  try {
    await stream.next((m) => m.event === 'ready', 10_000);
    const latencies: number[] = [];
    for (let i = 0; i < LIVE_OFFERS; i++) {
      const arrived = stream
        .next(
          (m) => m.event === 'change' && (JSON.parse(m.data) as { topic: string }).topic === 'offers',
          10_000,
        )
        .then(() => performance.now());
      const sent = performance.now();
      const response = await fetch(`${a.url}/api/vehicles/${vehicleIds[i]}/offers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount: '5000', buyCode: codes[i % codes.length] }),
      });
      if (response.status !== 201)
        throw new Error(`offer through a: ${response.status} ${await response.text()}`);
      latencies.push((await arrived) - sent);
    }
    latencies.sort((x, y) => x - y);
    return {
      offers: LIVE_OFFERS,
      p50: Math.round(percentile(latencies, 50)),
      p95: Math.round(percentile(latencies, 95)),
      max: Math.round(latencies.at(-1)!),
    };
  } finally {
    stream.close();
  }
}

async function measure(instances: number): Promise<Figures> {
  const cluster = await startCluster({
    serverUrl,
    count: instances,
    env: {
      LOG_LEVEL: 'error',
      ...NO_ATTEMPT_LIMITS,
      ADMIN_EMAILS: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  const handle = await openDatabase({ databaseUrl: cluster.databaseUrl });
  try {
    const listed = await handle.db
      .insert(vehicles)
      .values(benchVehicles(0, LISTED))
      .returning({ id: vehicles.id });
    const cars = await handle.db
      .insert(vehicles)
      .values(benchVehicles(LISTED, FOR_SALE))
      .returning({ id: vehicles.id });
    const codes = await seedBuyers(handle.db, BUYERS);
    const url = `${cluster.url}/api/vehicles`;
    // Every instance builds its list cache before the clock starts.
    for (let i = 0; i < instances * 2; i++) await (await fetch(url)).arrayBuffer();
    const list = await load({ url, connections: 20, duration: 10, headers: { 'accept-encoding': 'br' } });
    const race = await raceToBuy(
      codes.map(() => cluster.url),
      codes,
      cars.map((c) => c.id),
    );
    const { doubleSales, sold } = await saleCounts(handle.db);
    const live =
      instances > 1
        ? await liveReach(
            cluster,
            codes,
            listed.map((v) => v.id),
          )
        : null;
    return {
      instances,
      list,
      buy: {
        purchasesPerSecond: Math.round((race.purchases / race.seconds) * 10) / 10,
        requestsPerSecond: Math.round((race.latencies.length / race.seconds) * 10) / 10,
        p50: percentile(race.latencies, 50),
        p99: percentile(race.latencies, 99),
        errors: race.errors,
        errorKinds: race.errorKinds,
      },
      purchases: race.purchases,
      sold,
      doubleSales,
      live,
    };
  } finally {
    await handle.close();
    await cluster.stop();
  }
}

/**
 * One instance and two measured alternately, `ROUNDS` times each (a machine shared with other work
 * favours neither); each figure is the best run, double sales and unsold cars the worst.
 */
const ROUNDS = 2;
function combine(runs: Figures[]): Figures {
  const best = <T>(pick: (f: Figures) => number, get: (f: Figures) => T) =>
    get(runs.reduce((a, b) => (pick(b) > pick(a) ? b : a)));
  return {
    instances: runs[0]!.instances,
    list: best(
      (f) => f.list.requestsPerSecond,
      (f) => f.list,
    ),
    buy: best(
      (f) => f.buy.purchasesPerSecond,
      (f) => f.buy,
    ),
    purchases: Math.min(...runs.map((f) => f.purchases)),
    sold: Math.min(...runs.map((f) => f.sold)),
    doubleSales: Math.max(...runs.map((f) => f.doubleSales)),
    // The slower round's reach: the target holds for both.
    live: runs.some((f) => f.live)
      ? runs.map((f) => f.live!).reduce((x, y) => (y.p95 > x.p95 ? y : x))
      : null,
  };
}

buildServerOnce();
const runs: { one: Figures[]; two: Figures[] } = { one: [], two: [] };
for (let round = 0; round < ROUNDS; round++) {
  runs.one.push(await measure(1));
  runs.two.push(await measure(2));
}
const one = combine(runs.one);
const two = combine(runs.two);

const side = (label: string, a: string | number, b: string | number) =>
  line(label, `${String(a).padStart(12)} ${String(b).padStart(12)}`);
side('behind nginx (instances)', 'one', 'two');
side('list GET /api/vehicles req/s', one.list.requestsPerSecond, two.list.requestsPerSecond);
side('list p99 (ms)', one.list.p99, two.list.p99);
side(
  'list errors / non-2xx',
  `${one.list.errors}/${one.list.non2xx}`,
  `${two.list.errors}/${two.list.non2xx}`,
);
side('Buy Now purchases/s', one.buy.purchasesPerSecond, two.buy.purchasesPerSecond);
side('Buy Now requests/s', one.buy.requestsPerSecond, two.buy.requestsPerSecond);
side('Buy Now p50 / p99 (ms)', `${one.buy.p50}/${one.buy.p99}`, `${two.buy.p50}/${two.buy.p99}`);
side(
  'Buy Now errors (neither sold nor told sold)',
  `${one.buy.errors} ${kindsOf(one.buy.errorKinds)}`,
  `${two.buy.errors} ${kindsOf(two.buy.errorKinds)}`,
);
side(`cars sold (of ${FOR_SALE})`, one.sold, two.sold);
side('double sales (must be 0)', one.doubleSales, two.doubleSales);
const live = two.live!;
line(
  `live: offer sent to a → b's stream (${live.offers}), p50/p95/max ms`,
  `${live.p50}/${live.p95}/${live.max}  (target ≤ ${LIVE_WITHIN_MS}: ratio ${(LIVE_WITHIN_MS / live.p95).toFixed(2)}×)`,
);
line(
  'written',
  writeResults('cluster', { listed: LISTED, forSale: FOR_SALE, buyers: BUYERS, one, two, runs }),
);
const broken = [...runs.one, ...runs.two].some(
  (f) =>
    f.doubleSales !== 0 ||
    f.sold !== f.purchases ||
    f.sold !== FOR_SALE ||
    f.list.non2xx > 0 ||
    f.buy.errors > 0 ||
    (f.live !== null && f.live.p95 > LIVE_WITHIN_MS),
);
if (broken) process.exit(1);
