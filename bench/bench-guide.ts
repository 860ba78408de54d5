/**
 * bench:guide — the market guide (issue #33, docs/design.md §16) on PostgreSQL: BENCH_DATABASE_URL or
 * TEST_DATABASE_URL when set (fresh databases are created there and dropped), else a private
 * PostgreSQL 15 cluster started in a temp dir on 127.0.0.1 and stopped at the end.
 * 1. Backtest on held-out sales, on the demo's own history (server/src/seed/demo-sales-history.ts:
 *    seed, size, segments) and on a larger one (BENCH_GUIDE_BACKTEST, default 20,000 sales): the
 *    guide is refitted on the sales sold before a cut 60 days back (refitGuide { before: cut }), and
 *    each sale sold on or after the cut is compared with its guide as of its sale day (coefficients
 *    from before the cut, comparables from the 180 days before the sale): median absolute % error,
 *    share inside [low, high], share that got a guide at all. Nothing is tuned to these sales. The
 *    generator's own noise (σ 7 %) is printed beside: no guide can beat it.
 * 2. Refit time on BENCH_GUIDE_SALES (default 100,000) sales: insert them, refresh the facts, time
 *    refitGuide (median of 3) and the refresh (median of 3), each against a ceiling measured in the
 *    same run on the same rows: one aggregate scan of sale_facts (the least a fit reads) and the bare
 *    comparables self-join (the least every sale's guide reads), as ratios.
 * Stops by itself: a watchdog ends the run (and the private cluster) after BENCH_GUIDE_TIMEOUT_S.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type DbHandle, openDatabase } from '../server/src/db/client';
import { adminUsers, dealers } from '../server/src/db/schema';
import { refitGuide } from '../server/src/modules/insights/guide-fit';
import { refreshInsightFacts, rowsOf } from '../server/src/modules/insights/insight-facts';
import { DEMO_HISTORY, demoHistorySegments } from '../server/src/seed/demo-sales-history';
import { generateSalesHistory, type HistoryCar, insertSalesHistory } from '../server/src/seed/sales-history';
import { adminQuery, withDatabase } from '../server/test/pg-admin';
import { benchDealers, line, writeResults } from './support';

const BACKTEST_SALES = Number(process.env.BENCH_GUIDE_BACKTEST ?? 20_000);
const REFIT_SALES = Number(process.env.BENCH_GUIDE_SALES ?? 100_000);
const HOLD_OUT_DAYS = 60;
const DEALERS = 200;
const TIMEOUT_S = Number(process.env.BENCH_GUIDE_TIMEOUT_S ?? 1800);
/** One refit may take this long (a statement timeout on the refit's database); a slow one is run once. */
const REFIT_BUDGET_S = Number(process.env.BENCH_GUIDE_REFIT_BUDGET_S ?? 900);
const REPEAT_UNDER_MS = 120_000;
const DAY = 86_400_000;
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const pct = (share: number) => `${(share * 100).toFixed(1)} %`;

/** The statement timeout stopped it (the driver's error, or drizzle's wrapping of it). */
const isTimeout = (error: unknown) =>
  /statement timeout/.test(`${String(error)} ${String((error as { cause?: unknown }).cause ?? '')}`);

/** A free TCP port on 127.0.0.1. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The PostgreSQL server to use: the one named in the environment, or a private cluster of our own. */
async function postgresServer(): Promise<{ url: string; stop: () => void; label: string }> {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (given)
    return { url: given, stop: () => {}, label: 'PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL)' };
  const dir = mkdtempSync(join(tmpdir(), 'bench-guide-pg-'));
  // initdb refuses root: as root, the cluster belongs to the postgres user (never the system's cluster).
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
  const data = join(dir, 'data');
  const port = await freePort();
  run(join(PG_BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  run(join(PG_BIN, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', 'start']);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run(join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    label: 'PostgreSQL 15, private cluster',
  };
}

/** A fresh, migrated database on the server, with dealers and an admin; dropped by `drop`. */
async function freshDatabase(server: string, name: string) {
  await adminQuery(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await adminQuery(server, `CREATE DATABASE "${name}"`);
  // Every statement there stops after the budget: the run ends in bounded time whatever the refit does.
  await adminQuery(server, `ALTER DATABASE "${name}" SET statement_timeout = '${REFIT_BUDGET_S}s'`);
  const handle = await openDatabase({ databaseUrl: withDatabase(server, name) });
  await handle.migrate();
  const dealerIds = (
    await handle.db
      .insert(dealers)
      .values(
        benchDealers(DEALERS, {
          name: 'Guide Bench Motors',
          address: '1 Main St, Dallas, TX 75201',
          domain: 'guide.example',
        }),
      )
      .returning({ id: dealers.id })
  ).map((d) => d.id);
  const [admin] = await handle.db.insert(adminUsers).values({ email: 'bench@guide.example' }).returning();
  return {
    handle,
    dealerIds,
    adminIds: [admin!.id],
    drop: async () => {
      await handle.close();
      await adminQuery(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** Generates and inserts `count` sales in parts of 10,000 (bounded memory); the held-out truths kept. */
async function fill(
  db: DbHandle['db'],
  ids: { dealerIds: number[]; adminIds: number[] },
  options: {
    seed: number;
    count: number;
    now: Date;
    segments?: ReturnType<typeof demoHistorySegments>;
    newestDaysAgo?: number;
  },
) {
  const part = 10_000;
  const truths = new Map<string, Pick<HistoryCar, 'modelPrice' | 'outlier'>>();
  let generateMs = 0;
  let insertMs = 0;
  for (let first = 0; first < options.count; first += part) {
    let started = performance.now();
    const cars = generateSalesHistory({
      ...options,
      seed: options.seed + first,
      count: Math.min(part, options.count - first),
      firstIndex: first,
    });
    generateMs += performance.now() - started;
    for (const car of cars) truths.set(car.vin, { modelPrice: car.modelPrice, outlier: car.outlier });
    started = performance.now();
    await db.transaction((tx) => insertSalesHistory(tx, cars, ids));
    insertMs += performance.now() - started;
  }
  return { truths, generateMs, insertMs };
}

interface BacktestFigures {
  sales: number;
  heldOut: number;
  coverage: number;
  medianAbsPctError: number | null;
  insideRange: number | null;
  /** The same two figures without the generator's outliers (wrecked, mis-keyed), for reading only. */
  withoutOutliers: { medianAbsPctError: number | null; insideRange: number | null };
  /** The generator's noise: the held-out prices against its own model price (no guide can do better). */
  noiseFloorMedianAbsPctError: number;
  fit: { salesUsed: number; outliersDropped: number; betaYear: number; betaMiles: number; betaGrade: number };
  refitMs: number;
}
type BacktestResult = BacktestFigures | { sales: number; refitTimedOutAfterS: number };

async function backtest(
  server: string,
  label: string,
  options: {
    seed: number;
    count: number;
    segments?: ReturnType<typeof demoHistorySegments>;
    newestDaysAgo?: number;
  },
): Promise<BacktestResult> {
  const now = new Date();
  const cut = new Date(now.getTime() - HOLD_OUT_DAYS * DAY);
  const database = await freshDatabase(server, `bench_guide_backtest_${process.pid}`);
  try {
    const { db } = database.handle;
    const { truths } = await fill(db, database, { ...options, now });
    await refreshInsightFacts(db);
    const refitStarted = performance.now();
    const fit = await refitGuide(db, { before: cut }).catch((error: unknown) => {
      if (isTimeout(error)) return 'timeout' as const;
      throw error;
    });
    const refitMs = Math.round(performance.now() - refitStarted);
    if (fit === 'timeout') {
      console.log(
        `\n-- backtest: ${label}: the refit did not finish within ${REFIT_BUDGET_S} s (statement timeout)`,
      );
      return { sales: options.count, refitTimedOutAfterS: REFIT_BUDGET_S };
    }
    if (!fit) throw new Error('refitGuide fitted nothing');
    const held = await rowsOf<{
      vin: string;
      price: string;
      guide: string | null;
      low: string | null;
      high: string | null;
    }>(
      db,
      sql`select v.vin, f.net_price_cents / 100.0 as price, g.guide, g.low, g.high
          from sale_facts f join vehicles v on v.id = f.vehicle_id
          left join sale_guides g on g.transaction_id = f.transaction_id
          where not f.cancelled and f.sold_at >= ${cut.toISOString()}::timestamptz`,
    );
    const figures = (rows: typeof held) => {
      const guided = rows.filter((row) => row.guide !== null);
      const errors = guided.map(
        (row) => (Math.abs(Number(row.price) - Number(row.guide)) / Number(row.price)) * 100,
      );
      const inside = guided.filter(
        (row) => Number(row.price) >= Number(row.low) && Number(row.price) <= Number(row.high),
      );
      return {
        guided: guided.length,
        medianAbsPctError: errors.length ? Number(median(errors).toFixed(2)) : null,
        insideRange: guided.length ? Number((inside.length / guided.length).toFixed(3)) : null,
      };
    };
    const all = figures(held);
    const clean = figures(held.filter((row) => !truths.get(row.vin)?.outlier));
    const noise = held
      .filter((row) => !truths.get(row.vin)?.outlier)
      .map(
        (row) => (Math.abs(Number(row.price) - truths.get(row.vin)!.modelPrice) / Number(row.price)) * 100,
      );
    const result: BacktestFigures = {
      sales: options.count,
      heldOut: held.length,
      coverage: Number((all.guided / Math.max(1, held.length)).toFixed(3)),
      medianAbsPctError: all.medianAbsPctError,
      insideRange: all.insideRange,
      withoutOutliers: { medianAbsPctError: clean.medianAbsPctError, insideRange: clean.insideRange },
      noiseFloorMedianAbsPctError: Number(median(noise).toFixed(2)),
      refitMs,
      fit: {
        salesUsed: fit.salesUsed,
        outliersDropped: fit.outliersDropped,
        betaYear: Number(fit.betaYear.toFixed(4)),
        betaMiles: Number(fit.betaMiles.toFixed(4)),
        betaGrade: Number(fit.betaGrade.toFixed(4)),
      },
    };
    console.log(`\n-- backtest: ${label}`);
    line('sales generated / held out (last 60 days)', `${result.sales} / ${result.heldOut}`);
    line('coverage (held-out sales with a guide)', pct(result.coverage));
    line('median absolute % error, price vs guide', `${result.medianAbsPctError ?? 'n/a'} %`);
    line('share inside [low, high]', result.insideRange === null ? 'n/a' : pct(result.insideRange));
    line(
      '  same without the generator’s outliers',
      `${result.withoutOutliers.medianAbsPctError ?? 'n/a'} % · ${result.withoutOutliers.insideRange === null ? 'n/a' : pct(result.withoutOutliers.insideRange)}`,
    );
    line('noise floor (price vs the generator’s model)', `${result.noiseFloorMedianAbsPctError} %`);
    line(
      'fit: sales used / outliers dropped',
      `${result.fit.salesUsed} / ${result.fit.outliersDropped} (βyear ${result.fit.betaYear}, βmiles/10k ${result.fit.betaMiles}, βgrade ${result.fit.betaGrade})`,
    );
    line('refit with the held-out sales’ guides (ms)', refitMs);
    return result;
  } finally {
    await database.drop();
  }
}

/**
 * The median of up to `runs` timings of `work`, in ms: a run slower than REPEAT_UNDER_MS is not
 * repeated (bounded time), and one stopped by the statement timeout is reported as such.
 */
async function timed(runs: number, work: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    try {
      await work();
    } catch (error) {
      if (!isTimeout(error)) throw error;
      return { medianMs: null, runsMs: times.map(Math.round), timedOutAfterS: REFIT_BUDGET_S };
    }
    times.push(performance.now() - started);
    if (times.at(-1)! > REPEAT_UNDER_MS) break;
  }
  return { medianMs: Math.round(median(times)), runsMs: times.map(Math.round), timedOutAfterS: null };
}
const ms = (t: { medianMs: number | null; runsMs: number[]; timedOutAfterS: number | null }) =>
  t.medianMs === null
    ? `over ${t.timedOutAfterS} s (stopped by the statement timeout)`
    : `${t.medianMs} (${t.runsMs.join(', ')})`;
const ratio = (a: number | null, b: number | null) =>
  a === null || b === null ? null : Number((a / Math.max(1, b)).toFixed(2));

async function refitTime(server: string) {
  const name = `bench_guide_refit_${process.pid}`;
  const database = await freshDatabase(server, name);
  try {
    const now = new Date();
    const filled = database.handle.db;
    const { generateMs, insertMs } = await fill(filled, database, { seed: 100_000, count: REFIT_SALES, now });
    await filled.execute(sql`vacuum analyze`);
    await refreshInsightFacts(filled);
    await filled.execute(sql`analyze sale_facts`);
    const db = filled;
    const [counts] = await rowsOf<{ sales: string; events: string; offers: string }>(
      db,
      sql`select (select count(*) from transactions) as sales, (select count(*) from transaction_events) as events,
            (select count(*) from offers) as offers`,
    );
    const refresh = await timed(3, () => refreshInsightFacts(db));
    const refit = await timed(3, () => refitGuide(db, { before: now }));
    // Ceilings on the same rows: one aggregate pass over the facts (what any fit must read at least)…
    const scan = await timed(3, () =>
      db.execute(sql`select make_key, model_key, count(*), sum(ln(net_price_cents::float8)), sum(year::float8),
          sum(mileage::float8), sum(grade) from sale_facts where not cancelled and net_price_cents > 0
          group by make_key, model_key`),
    );
    // …and the bare comparables join of every sale (what every sale's guide as of its day must read).
    const join = await timed(3, () =>
      db.execute(sql`select count(*) from sale_facts s join sale_facts c
          on c.make_key = s.make_key and c.model_key = s.model_key and c.year between s.year - 1 and s.year + 1
          and c.sold_at < s.sold_at and c.sold_at >= s.sold_at - interval '180 days'
          and not c.cancelled
          where not s.cancelled`),
    );
    // The refresh's ceiling: one read of the rows the views are made of (sales, their steps, cars, offers).
    const read = await timed(3, () =>
      db.execute(sql`select (select count(*) from transactions t join vehicles v on v.id = t.vehicle_id),
          (select sum(length(data::text)) from transaction_events), (select count(*) from offers o join vehicles v on v.id = o.vehicle_id)`),
    );
    const figures = {
      sales: Number(counts!.sales),
      events: Number(counts!.events),
      offers: Number(counts!.offers),
      generateMs: Math.round(generateMs),
      insertMs: Math.round(insertMs),
      refresh,
      refit,
      ceilings: { scan, join, read },
      refitRatioToScan: ratio(refit.medianMs, scan.medianMs),
      refitRatioToScanAndJoin: ratio(
        refit.medianMs,
        scan.medianMs === null || join.medianMs === null ? null : scan.medianMs + join.medianMs,
      ),
      refreshRatioToRead: ratio(refresh.medianMs, read.medianMs),
    };
    console.log(`\n-- refit on ${REFIT_SALES.toLocaleString('en-US')} sales`);
    line('rows: sales / sale steps / offers', `${figures.sales} / ${figures.events} / ${figures.offers}`);
    line('generate / insert (s)', `${(generateMs / 1000).toFixed(1)} / ${(insertMs / 1000).toFixed(1)}`);
    line('refresh facts, median of 3 (ms)', ms(refresh));
    line('  ceiling: one read of the source rows (ms)', `${ms(read)} → ratio ${figures.refreshRatioToRead}`);
    line('refitGuide, median of up to 3 (ms)', ms(refit));
    line(
      '  ceiling: one aggregate scan of sale_facts (ms)',
      `${ms(scan)} → ratio ${figures.refitRatioToScan}`,
    );
    line(
      '  ceiling: + the bare comparables join (ms)',
      `${ms(join)} → ratio ${figures.refitRatioToScanAndJoin}`,
    );
    return figures;
  } finally {
    await database.drop();
  }
}

const pg = await postgresServer();
const watchdog = setTimeout(() => {
  console.error(`bench:guide: still running after ${TIMEOUT_S} s, stopping`);
  pg.stop();
  process.exit(2);
}, TIMEOUT_S * 1000);
watchdog.unref();
// Interrupted: the private cluster is stopped all the same.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    pg.stop();
    process.exit(130);
  });
let failed = false;
try {
  console.log(`bench:guide on ${pg.label}`);
  const demo = await backtest(
    pg.url,
    `the demo's history (${DEMO_HISTORY.count} sales, seed ${DEMO_HISTORY.seed})`,
    {
      ...DEMO_HISTORY,
      segments: demoHistorySegments(),
    },
  );
  const large = await backtest(pg.url, `a larger history (${BACKTEST_SALES.toLocaleString('en-US')} sales)`, {
    seed: 2026,
    count: BACKTEST_SALES,
  });
  const refit = await refitTime(pg.url);
  const file = writeResults('guide', { database: pg.label, backtest: { demo, large }, refit });
  console.log(`\nresults: ${file}`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  clearTimeout(watchdog);
  pg.stop();
}
process.exit(failed ? 1 : 0);
