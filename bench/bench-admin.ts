/**
 * bench:admin — the admin's paged lists at marketplace scale on PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL; a fresh database is created there and dropped). Issue #47, docs/design.md §21.
 * Seeds 2,000 dealerships, 50,000 vehicles on the market (some in the completion queue, some removed),
 * 100,000 sales from the demo's history generator (their timelines: payments, pickups, titles, ≈ 3 %
 * claims, ≈ 3 % cancelled and sold again; the newest still open and unpaid), 20,000 offers on the
 * market's cars, 200,000 audit entries and 100,000 notifications, all by multi-row INSERTs
 * (BENCH_SALES, BENCH_VEHICLES, BENCH_OFFERS, BENCH_DEALERS scale it).
 * For each list of the table LISTS (one line per list: a list paged later adds its line):
 * 1. its first page and its filtered pages (a search, a dealer, a filter), one request at a time,
 *    ROUNDS times each: p50/p95 of the server's time;
 * 2. all of them mixed under load against the fair ceiling: the same SQL statements (recorded by
 *    running the app in this process on a logging client) through node-postgres on a pool of the same
 *    size, answering the same gzip bytes: the ratio (target ≥ 0.5).
 * 3. Lighthouse on /admin (its first tab, Complete Vehicle Listing) and /admin?tab=transactions,
 *    before 1 and 2 (the server as the first jobs left it; BENCH_LIGHTHOUSE_AFTER_LISTS=1 measures
 *    again after the lists' load stages, docs/benchmarks.md says why both),
 *    signed in as an admin (the session cookie on every request), BENCH_RUNS (3) runs each, the
 *    median printed and checked against performance ≥ 90; the mobile preset (simulated slow 4G,
 *    4× CPU) unless BENCH_LIGHTHOUSE_PRESET=desktop. Needs `npm run build` (dist/web);
 *    BENCH_LIGHTHOUSE=0 skips it; BENCH_LIGHTHOUSE_TRACE=1 keeps the last run's trace beside its report.
 *    The browser gets the CPU first while Lighthouse runs (support.ts browserFirst: the server and
 *    Lighthouse share this machine with the simulated phone); BENCH_BROWSER_FIRST=0 compares.
 * 4. The Transactions CSV export of every sale and of the newest ≈ 10 %: time and the server's peak
 *    resident memory while it streams (constant memory: the two peaks alike). BENCH_CSV=0 skips it.
 * BENCH_KEEP_DATABASE=1 keeps the database afterwards (its URL printed) to EXPLAIN what is slow;
 * BENCH_ADMIN_DATABASE=<that URL> measures it again without seeding. BENCH_LISTS=Notifications,
 * Transactions measures only those lists (the names of the table LISTS).
 * Figures only; nothing is asserted.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { type Database, openDatabase } from '../server/src/db/client';
import { POOL_OPTIONS } from '../server/src/db/pool-options';
import * as schema from '../server/src/db/schema';
import { generateSalesHistory, insertSalesHistory } from '../server/src/seed/sales-history';
import { createDatabase, dropDatabase } from '../server/test/pg-admin';
import {
  againstCeiling,
  BENCH_CHROME,
  browserFirst,
  line,
  RESULTS_DIR,
  replayableHeaders,
  requirePostgres,
  residentMemoryMb,
  type Statement,
  startBenchServer,
  startCeiling,
  writeResults,
} from './support';
import { insertBenchVehicles } from './vehicles-fixture';

const SALES = Number(process.env.BENCH_SALES ?? 100_000);
const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 50_000);
const OFFERS = Number(process.env.BENCH_OFFERS ?? 20_000);
const DEALERS = Number(process.env.BENCH_DEALERS ?? 2_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 10;
/** Lighthouse on /admin: runs per page (the median printed), the preset, and the target score. */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIGHTHOUSE_PRESET = process.env.BENCH_LIGHTHOUSE_PRESET === 'desktop' ? 'desktop' : 'mobile';
const LIGHTHOUSE_TARGET = 90;
/** BENCH_LIGHTHOUSE_PAGES=/admin runs one of them. */
const ADMIN_PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',') ?? ['/admin', '/admin?tab=transactions'];
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-1' };

/** The paged admin lists: a name, the path, its first page and its filtered pages (query strings). */
interface AdminList {
  name: string;
  path: string;
  first: string;
  filtered: string[];
}
const LISTS = (f: { dealerId: number; dealerName: string; lastMonth: string }): AdminList[] => [
  {
    name: 'Transactions',
    path: '/api/transactions',
    first: '',
    filtered: [
      `q=${encodeURIComponent(f.dealerName)}`,
      `dealerId=${f.dealerId}`,
      'state=open',
      'filter=overdue',
      'owed=true&sort=amount',
      `from=${f.lastMonth}&sort=oldest`,
      'q=1HG',
    ],
  },
  { name: 'Activity', path: '/api/audit', first: '', filtered: ['entity=offer', 'entity=dealer'] },
  {
    name: 'Notifications',
    path: '/api/notifications',
    first: '',
    filtered: ['status=failed', 'status=sent'],
  },
  {
    name: 'Completion queue',
    path: '/api/admin/vehicles',
    first: 'list=queue',
    filtered: ['list=queue&q=toyota'],
  },
  {
    name: 'Manage Listings',
    path: '/api/admin/vehicles',
    first: 'list=active',
    filtered: ['list=sold', 'list=sold&q=honda%20accord', 'list=removed', 'list=active&q=2019%20camry'],
  },
  { name: 'Vehicle counts', path: '/api/admin/vehicles/counts', first: '', filtered: [] },
  {
    name: 'Offers',
    path: '/api/offers',
    first: 'status=pending',
    filtered: [
      'status=countered',
      'status=completed&sort=amount',
      `dealerId=${f.dealerId}`,
      `from=${f.lastMonth}&sort=oldest`,
      `q=${encodeURIComponent(f.dealerName)}`,
    ],
  },
  {
    name: 'Dealers',
    path: '/api/dealers',
    first: '',
    filtered: ['sort=newest', 'status=inactive', `q=${encodeURIComponent(f.dealerName.slice(0, 6))}`],
  },
  {
    name: 'Work orders',
    path: '/api/admin/work-orders',
    first: '',
    filtered: ['overdue=true', 'state=in_progress&sort=newest', `dealerId=${f.dealerId}`],
  },
  {
    name: 'Floor plan',
    path: '/api/floor-plan-requests',
    first: '',
    filtered: ['status=requested', `dealerId=${f.dealerId}`],
  },
  // The seed has no transport or buy orders yet: these lines measure the query shapes on empty tables.
  {
    name: 'Transport board',
    path: '/api/transport-orders',
    first: '',
    filtered: [
      'status=late',
      'status=all&sort=newest',
      `status=all&dealerId=${f.dealerId}`,
      `q=${encodeURIComponent(f.dealerName)}`,
    ],
  },
  { name: 'Demand', path: '/api/buy-orders/demand', first: '', filtered: [] },
  {
    name: 'Demand orders',
    path: '/api/buy-orders/demand/orders',
    first: '',
    filtered: [`q=${encodeURIComponent(f.dealerName)}`, 'q=toyota'],
  },
];

function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) =>
    Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1));
  return { p50: at(50), p95: at(95), max: at(100) };
}
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const url = (list: AdminList, query: string) => `${list.path}${query ? `?${query}` : ''}`;

/** The marketplace, inserted fast: multi-row INSERTs, generate_series and the history generator. */
async function seed(databaseUrl: string) {
  const handle = await openDatabase({ databaseUrl });
  const { db } = handle;
  await handle.migrate();
  const at = performance.now();
  await db.execute(sql`insert into dealers (dealer_name, address, contact_name, email, phone,
      billing_contact_name, billing_contact_email, billing_contact_phone,
      title_contact_name, title_contact_email, title_contact_phone, created_at)
    select 'Bench Dealer ' || i, (100 + i) || ' Main St, Springfield, IL 62701', 'Pat', 'buyer' || i || '@bench.example',
      '(555) 010-0100', 'Bill', 'billing' || i || '@bench.example', '(555) 010-0101',
      'Tia', 'titles' || i || '@bench.example', '(555) 010-0102', now() - (i || ' hours')::interval
    from generate_series(1, ${DEALERS}) i`);
  const dealerIds = (
    (await db.execute(sql`select id from dealers order by id`)) as unknown as { rows: { id: number }[] }
  ).rows.map((r) => Number(r.id));
  line('dealers (s)', `${DEALERS} (${seconds(at)})`);

  let step = performance.now();
  await insertBenchVehicles(db, 0, VEHICLES);
  // 2 % in the completion queue, 5 % removed; the rest on the market.
  await db.execute(sql`update vehicles set in_queue = true where id % 50 = 0`);
  await db.execute(sql`update vehicles set status = 'removed' where id % 20 = 1`);
  line('vehicles on the market (s)', `${VEHICLES} (${seconds(step)})`);

  // The history: a year of sales, the newest today (still unpaid, not picked up); its offers are
  // left out (the offers below are the market's), a sale by offer kept as a sale.
  step = performance.now();
  const now = new Date();
  const part = 5000;
  const written = { vehicles: 0, transactions: 0, events: 0 };
  for (let first = 0; first < SALES; first += part) {
    const cars = generateSalesHistory({
      seed: 47 + first,
      count: Math.min(part, SALES - first),
      firstIndex: first,
      now,
      spanDays: 365,
      newestDaysAgo: 0,
    }).map((car) => ({
      ...car,
      offers: [],
      sales: car.sales.map((sale) => ({ ...sale, offerIndex: null })),
    }));
    const rows = await db.transaction((tx) => insertSalesHistory(tx, cars, { dealerIds }));
    written.vehicles += rows.vehicles;
    written.transactions += rows.transactions;
    written.events += rows.events;
  }
  line(
    'sales: cars sold / sales / steps (s)',
    `${written.vehicles} / ${written.transactions} / ${written.events} (${seconds(step)})`,
  );

  step = performance.now();
  await db.execute(sql`insert into offers (vehicle_id, dealer_id, amount, status, counter_amount, expires_at, created_at, updated_at)
    select v.id, ${dealerIds[0]!}::int + (i * 7) % ${dealerIds.length},
      v.price * 0.9, (array['pending','pending','countered','declined','expired'])[1 + i % 5],
      case when i % 5 = 2 then v.price * 0.95 end,
      now() + interval '24 hours' - (i % 500 || ' minutes')::interval,
      now() - (i % 500 || ' minutes')::interval, now() - (i % 500 || ' minutes')::interval
    from generate_series(1, ${OFFERS}) i
    join vehicles v on v.id = 1 + (i * 13) % ${VEHICLES}`);
  const entities = `(array['vehicle','offer','dealer','buy_code','transaction'])`;
  await db.execute(sql`insert into audit_log (actor_type, actor_id, entity, entity_id, action, before, after, created_at)
    select 'admin', 1, ${sql.raw(entities)}[1 + i % 5], 1 + i % 1000, 'update',
      jsonb_build_object('price', 10000 + i % 900), jsonb_build_object('price', 10100 + i % 900),
      now() - ((200000 - i) || ' minutes')::interval
    from generate_series(1, 200000) i`);
  await db.execute(sql`insert into notifications (event, recipient, channel, payload, idempotency_key, status, attempts, next_attempt_at, created_at, sent_at)
    select 'offer_received', 'buyer' || (i % ${DEALERS}) || '@bench.example', 'email',
      jsonb_build_object('subject', 'Offer received on vehicle ' || i, 'text', 'An offer was made.',
        'html', '<p>An offer was made.</p>', 'link', 'https://example.com/admin', 'sms', 'An offer was made.'),
      'bench-' || i, (array['sent','sent','sent','sent','sent','sent','sent','failed','dead','suppressed'])[1 + i % 10],
      1, now() + interval '30 days', now() - ((100000 - i) || ' minutes')::interval,
      case when i % 10 < 7 then now() - ((100000 - i) || ' minutes')::interval end
    from generate_series(1, 100000) i`);
  line('offers, audit entries, notifications (s)', `${OFFERS}, 200000, 100000 (${seconds(step)})`);
  step = performance.now();
  await db.execute(sql`vacuum analyze`);
  line('vacuum analyze (s)', seconds(step));
  line('seeding in all (s)', seconds(at));
  await handle.close();
  return { seedSeconds: Number(seconds(at)), written, ...(await listChoices(databaseUrl)) };
}

/** The filtered pages' choices: the dealer with the most sales, the last 30 days, the newest tenth. */
async function listChoices(databaseUrl: string) {
  const handle = await openDatabase({ databaseUrl });
  const { db } = handle;
  const [dealer] = (
    (await db.execute(sql`select d.id, d.dealer_name from dealers d
      join transactions t on t.dealer_id = d.id group by d.id order by count(*) desc limit 1`)) as unknown as {
      rows: { id: number; dealer_name: string }[];
    }
  ).rows;
  const [tenth] = (
    (await db.execute(
      sql`select to_char(percentile_disc(0.9) within group (order by created_at), 'YYYY-MM-DD') as day,
        to_char(now() - interval '30 days', 'YYYY-MM-DD') as month from transactions`,
    )) as unknown as { rows: { day: string; month: string }[] }
  ).rows;
  await handle.close();
  return {
    dealerId: Number(dealer!.id),
    dealerName: dealer!.dealer_name,
    lastMonth: tenth!.month,
    newestTenthFrom: tenth!.day,
  };
}

/**
 * The SQL each request runs and its answer's gzip bytes: the app built in this process on a
 * logging client, each request made once first (what the server keeps, kept) and then recorded.
 */
async function recordStatements(databaseUrl: string, token: string, paths: string[]) {
  const handle = await openDatabase({ databaseUrl });
  const pool = new pg.Pool({ connectionString: databaseUrl, ...POOL_OPTIONS });
  let log: Statement[] | null = null;
  const db = drizzle({
    client: pool,
    schema,
    casing: 'snake_case',
    logger: { logQuery: (text, values) => log?.push({ text, values }) },
  }) as unknown as Database;
  const app = await buildApp({
    config: loadConfig({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'error', SEED_DEMO: 'false' }),
    database: { ...handle, db },
    webDir: null,
    logger: false,
  });
  const recorded = new Map<string, { statements: Statement[]; body: Buffer }>();
  try {
    for (const path of paths) {
      const request = { method: 'GET' as const, url: path, headers: { authorization: `Bearer ${token}` } };
      await app.inject(request);
      log = [];
      const res = await app.inject(request);
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode} in process`);
      recorded.set(path, { statements: log, body: gzipSync(res.rawPayload, { level: 6 }) });
      log = null;
    }
  } finally {
    await app.close();
    await pool.end();
    await handle.close();
  }
  return recorded;
}

/** The server's peak resident memory while `run` runs, sampled every 10 ms. */
async function peakRss<T>(pid: number | undefined, run: () => Promise<T>) {
  let peak = residentMemoryMb(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMemoryMb(pid) ?? 0);
  }, 10);
  try {
    const result = await run();
    return { result, peakMb: Math.max(peak, residentMemoryMb(pid) ?? 0) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Lighthouse (BENCH_LIGHTHOUSE_PRESET: mobile, the default, with its simulated slow 4G and 4× CPU;
 * or desktop) on the admin's pages at this size, signed in: the session cookie the sign-in sets,
 * sent with every request of the page (its API calls too). The median of LIGHTHOUSE_RUNS per page;
 * the last report kept in bench/results/lighthouse-admin*.json.
 */
async function lighthouseAdmin(baseUrl: string, token: string) {
  // A fresh clone has no results folder yet.
  mkdirSync(RESULTS_DIR, { recursive: true });
  const cpu = browserFirst();
  line('Lighthouse: browser', BENCH_CHROME.path);
  line('Lighthouse: the browser first', cpu.how);
  const chrome = await chromeLauncher.launch({
    chromePath: BENCH_CHROME.path,
    chromeFlags: [...BENCH_CHROME.flags, '--disable-component-update', '--disable-sync'],
  });
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const results: Record<string, Record<string, number>> = {};
  try {
    for (const page of ADMIN_PAGES) {
      const runs: Record<string, number>[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
        let lhr!: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
        let trace: unknown;
        for (let attempt = 1; ; attempt++) {
          const result = await lighthouse(
            `${baseUrl}${page}`,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility', 'best-practices'],
              extraHeaders: { Cookie: `dm_admin_session=${token}` },
            },
            LIGHTHOUSE_PRESET === 'desktop' ? desktopConfig : undefined,
          );
          lhr = result!.lhr;
          trace = result!.artifacts.Trace;
          if (!lhr.runtimeError || attempt === 3) break;
          line(`${page}: Lighthouse run failed`, `${lhr.runtimeError.code}, running it again`);
        }
        if (lhr.finalDisplayedUrl.includes('/login')) throw new Error(`${page} was not signed in`);
        if (run === LIGHTHOUSE_RUNS - 1 && process.env.BENCH_LIGHTHOUSE_TRACE === '1')
          writeFileSync(
            join(
              RESULTS_DIR,
              `lighthouse-admin${page.includes('tab=') ? `-${page.split('tab=')[1]}` : ''}.trace.json`,
            ),
            JSON.stringify(trace),
          );
        if (run === LIGHTHOUSE_RUNS - 1)
          writeFileSync(
            join(
              RESULTS_DIR,
              `lighthouse-admin${page.includes('tab=') ? `-${page.split('tab=')[1]}` : ''}.json`,
            ),
            JSON.stringify(lhr),
          );
        runs.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
          fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
          cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        });
      }
      const figures = Object.fromEntries(
        Object.keys(runs[0]!).map((key) => [key, median(runs.map((r) => r[key]!))]),
      );
      results[page] = figures;
      line(
        `Lighthouse ${LIGHTHOUSE_PRESET} ${page} (median of ${LIGHTHOUSE_RUNS})`,
        `perf ${figures.performance} · a11y ${figures.accessibility} · bp ${figures.bestPractices} · FCP ${figures.fcpMs} ms · LCP ${figures.lcpMs} ms · TBT ${figures.tbtMs} ms · CLS ${figures.cls} (runs: perf ${runs.map((r) => r.performance).join(', ')})`,
      );
      line(
        `${page}: performance ≥ ${LIGHTHOUSE_TARGET}`,
        figures.performance! >= LIGHTHOUSE_TARGET ? 'met' : 'MISSED',
      );
    }
  } finally {
    await chrome.kill();
    cpu.restore();
  }
  return {
    preset: LIGHTHOUSE_PRESET,
    runs: LIGHTHOUSE_RUNS,
    target: LIGHTHOUSE_TARGET,
    browser: BENCH_CHROME.path,
    browserFirst: cpu.how,
    pages: results,
  };
}

const pgServer = requirePostgres('admin');
const reused = process.env.BENCH_ADMIN_DATABASE;
const database = reused
  ? { url: reused, name: '' }
  : await createDatabase(pgServer, 'bench_admin', { fromTemplate: false });
try {
  const seeded = reused ? await listChoices(database.url) : await seed(database.url);
  const server = await startBenchServer({
    DATABASE_URL: database.url,
    ADMIN_EMAILS: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
  });
  try {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    // The server's first jobs (the guide's facts refreshed over 100,000 sales) settle first.
    const settled = performance.now();
    const watcher = new pg.Client({ connectionString: database.url });
    await watcher.connect();
    for (let busy = true; busy && performance.now() - settled < 300_000; ) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const { rows } = await watcher.query(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and query ilike 'refresh materialized%'`,
      );
      busy = rows[0].n > 0;
    }
    await watcher.end();
    line('server started, first jobs settled (s)', seconds(settled));
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
    const timed = async (path: string) => {
      const started = performance.now();
      const res = await fetch(`${server.url}${path}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      return performance.now() - started;
    };

    // 3. Lighthouse on /admin (its first tab) and its Transactions tab at this size, signed in,
    // before the lists' load stages (BENCH_LIGHTHOUSE_AFTER_LISTS=1: after them too, to compare).
    // The web app is served from dist/web: without `npm run build` there is no page to measure.
    const webBuilt = existsSync(new URL('../dist/web/index.html', import.meta.url));
    if (!webBuilt && process.env.BENCH_LIGHTHOUSE !== '0')
      line('Lighthouse on /admin', 'skipped: run npm run build first (no dist/web)');
    const withLighthouse = process.env.BENCH_LIGHTHOUSE !== '0' && webBuilt;
    const lighthouseResults = withLighthouse ? await lighthouseAdmin(server.url, token) : null;

    const only = process.env.BENCH_LISTS?.split(',').map((name) => name.trim().toLowerCase());
    const lists = LISTS(seeded).filter((list) => !only || only.includes(list.name.toLowerCase()));
    const rows: Record<string, unknown>[] = [];
    for (const list of lists) {
      // 1. One request at a time: the first page, then the filtered pages.
      const first: number[] = [];
      const filtered: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        first.push(await timed(url(list, list.first)));
        for (const query of list.filtered) filtered.push(await timed(url(list, query)));
      }
      // 2. All of them under load against the same SQL through node-postgres.
      const paths = [list.first, ...list.filtered].map((q) => url(list, q));
      const sample = await fetch(`${server.url}${paths[0]}`, { headers });
      await sample.arrayBuffer();
      const recorded = await recordStatements(database.url, token, paths);
      const ceiling = await startCeiling(
        new Map(
          [...recorded].map(([path, { statements, body }]) => [
            path,
            { headers: replayableHeaders(sample), body, statements },
          ]),
        ),
        { DATABASE_URL: database.url },
      );
      const mixed = {
        headers,
        duration: DURATION,
        requests: [
          {
            setupRequest: (req: object) => ({
              ...req,
              path: paths[Math.floor(Math.random() * paths.length)]!,
            }),
          },
        ],
      };
      const measured = await againstCeiling({ url: server.url, ...mixed }, { url: ceiling.url, ...mixed });
      await ceiling.stop();
      const statements =
        [...recorded.values()].reduce((sum, r) => sum + r.statements.length, 0) / recorded.size;
      const row = {
        list: list.name,
        first: percentiles(first),
        filtered: filtered.length ? percentiles(filtered) : null,
        app: measured.app,
        ceiling: measured.ceiling,
        ratio: Number((measured.app.requestsPerSecond / measured.ceiling.requestsPerSecond).toFixed(2)),
        statementsPerRequest: Number(statements.toFixed(1)),
        gzipBytes: Math.round(
          [...recorded.values()].reduce((sum, r) => sum + r.body.length, 0) / recorded.size,
        ),
      };
      rows.push(row);
      line(
        `${list.name}: first page p50 / p95 (ms)`,
        `${row.first.p50} / ${row.first.p95}${row.filtered ? `; filtered (${list.filtered.length}) ${row.filtered.p50} / ${row.filtered.p95}` : ''}`,
      );
      line(
        `${list.name}: under load app / ceiling req/s`,
        `${measured.app.requestsPerSecond} / ${measured.ceiling.requestsPerSecond} = ${row.ratio} (target ≥ 0.5; p99 ${measured.app.p99} / ${measured.ceiling.p99} ms; ${row.statementsPerRequest} statements, ${row.gzipBytes} B gzip; errors ${measured.app.errors}, non-2xx ${measured.app.non2xx})`,
      );
    }

    let lighthouseAfterLists = null;
    if (withLighthouse && process.env.BENCH_LIGHTHOUSE_AFTER_LISTS === '1') {
      line('Lighthouse again', "after the lists' load stages");
      lighthouseAfterLists = await lighthouseAdmin(server.url, token);
    }

    // 4. The CSV export: the newest ≈ 10 % of the sales, then all of them; time and peak RSS.
    const exportCsv = async (query: string) => {
      const rssBefore = residentMemoryMb(server.child.pid);
      const { result, peakMb } = await peakRss(server.child.pid, async () => {
        const started = performance.now();
        const res = await fetch(`${server.url}/api/transactions/export.csv${query}`, {
          headers: { authorization: headers.authorization },
        });
        if (!res.ok) throw new Error(`export.csv${query} answered ${res.status}`);
        const text = await res.text();
        return {
          seconds: (performance.now() - started) / 1000,
          rows: text.split('\n').length - 2,
          bytes: text.length,
        };
      });
      return { ...result, rssBeforeMb: rssBefore, peakMb };
    };
    const withCsv = process.env.BENCH_CSV !== '0';
    const tenth = withCsv ? await exportCsv(`?from=${seeded.newestTenthFrom}`) : null;
    const all = withCsv ? await exportCsv('') : null;
    for (const [what, csv] of [
      ['CSV export, newest ≈ 10 %', tenth],
      ['CSV export, every sale', all],
    ] as const)
      if (csv)
        line(
          `${what}: rows, s, MB`,
          `${csv.rows} rows in ${csv.seconds.toFixed(1)} s (${(csv.bytes / 1e6).toFixed(1)} MB); server RSS ${csv.rssBeforeMb} → peak ${csv.peakMb} MB`,
        );
    const rssMb = residentMemoryMb(server.child.pid);
    line('server resident memory after the run (MB)', rssMb ?? 'n/a');
    line(
      'written',
      writeResults('admin', {
        sales: SALES,
        vehicles: VEHICLES,
        offers: OFFERS,
        dealers: DEALERS,
        seeded,
        lists: rows,
        csv: { tenth, all },
        lighthouse: lighthouseResults,
        lighthouseAfterLists,
        rssMb,
      }),
    );
  } finally {
    await server.stop();
  }
} finally {
  if (reused || process.env.BENCH_KEEP_DATABASE) line('database kept', database.url);
  else await dropDatabase(pgServer, database.name);
}
