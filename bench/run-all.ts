/** npm run bench: every benchmark in turn, then one table of the headline figures. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS_DIR } from './support';

const hasPostgres = Boolean(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
const benches = [
  'list',
  'detail',
  'sync',
  'inventory',
  'pages',
  'notify',
  'photos',
  // Its own PostgreSQL cluster when none is configured (PostgreSQL 15 is installed on these machines).
  'guide',
  ...(hasPostgres ? ['buy', 'search', 'cluster', 'orders', 'admin'] : []),
];
for (const name of benches) {
  console.log(`\n== bench:${name}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/bench-${name}.ts`], {
    stdio: 'inherit',
  });
  if (result.status !== 0) console.log(`bench:${name} failed (exit ${result.status})`);
}
if (!hasPostgres)
  console.log(
    '\nbench:buy, bench:search, bench:cluster, bench:orders and bench:admin skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server',
  );

interface Load {
  requestsPerSecond: number;
  p99: number;
}
interface PageScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  imageKb?: number;
}
interface NotifyFigures {
  received: number;
  duplicates: number;
  lost: number;
  totalMs: number;
  p50: number;
  p95: number;
}
/** The union of the fields our benchmark result files hold (each file has its own subset). */
interface ResultFile {
  app: Load;
  ceiling: Load;
  ratio: number;
  rssMb?: number | null;
  memory?: { pglite: number | null; postgres: number | null };
  pglite: { firstMs: number; secondMs: number };
  postgres?: { firstMs: number; secondMs: number };
  purchases: number;
  doubleSales: number;
  p99: number;
  p95: number;
  heapMb: number | null;
  vehicles?: number;
  database?: string;
  firstVisitKb?: number;
  photosPerSecond?: number;
  pages?: Record<string, PageScores>;
}

const read = (name: string) => {
  const file = join(RESULTS_DIR, `${name}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ResultFile) : null;
};
const rows: [string, string, string][] = [];
const list = read('list');
if (list)
  rows.push([
    'list: app / ceiling req/s',
    `${list.app.requestsPerSecond} / ${list.ceiling.requestsPerSecond} (ratio ${list.ratio.toFixed(2)})`,
    'ratio ≥ 0.8',
  ]);
const admin = read('admin') as unknown as {
  sales: number;
  lists: { list: string; first: { p95: number }; ratio: number }[];
  csv: { tenth: { rows: number; peakMb: number }; all: { rows: number; seconds: number; peakMb: number } };
} | null;
for (const l of admin?.lists ?? [])
  rows.push([
    `admin ${l.list} (${admin!.sales} sales): first page p95; ratio to the same SQL`,
    `${l.first.p95} ms; ${l.ratio}`,
    'ratio ≥ 0.5',
  ]);
if (admin)
  rows.push([
    'admin Transactions CSV: rows, s, peak RSS (vs ≈ 10 %)',
    `${admin.csv.all.rows}, ${admin.csv.all.seconds.toFixed(1)} s, ${admin.csv.all.peakMb} MB (${admin.csv.tenth.peakMb} MB at ${admin.csv.tenth.rows})`,
    'constant memory',
  ]);
const detail = read('detail');
if (detail)
  rows.push([
    'detail: app / ceiling req/s',
    `${detail.app.requestsPerSecond} / ${detail.ceiling.requestsPerSecond} (ratio ${detail.ratio.toFixed(2)})`,
    'ratio ≥ 0.7',
  ]);
if (list) rows.push(['list: p99 app / ceiling (ms)', `${list.app.p99} / ${list.ceiling.p99}`, '']);
if (list?.memory)
  rows.push([
    'server RSS, 10,000 vehicles (PGlite / PostgreSQL)',
    `${list.memory.pglite ?? 'n/a'} / ${list.memory.postgres ?? 'not run'} MB`,
    '≤ 250 MB',
  ]);
const sync = read('sync');
if (sync)
  rows.push([
    'sync 10,000 rows (PGlite first / second)',
    `${sync.pglite.firstMs} / ${sync.pglite.secondMs} ms`,
    'a few seconds',
  ]);
if (sync?.postgres)
  rows.push([
    'sync 10,000 rows (PostgreSQL first / second)',
    `${sync.postgres.firstMs} / ${sync.postgres.secondMs} ms`,
    'a few seconds',
  ]);
const buy = read('buy');
if (buy)
  rows.push([
    'buy: purchases / double sales / p99',
    `${buy.purchases} / ${buy.doubleSales} / ${buy.p99} ms`,
    'double sales = 0',
  ]);
const cluster = read('cluster') as unknown as Record<
  'one' | 'two',
  {
    list: Load;
    buy: { purchasesPerSecond: number; p99: number };
    doubleSales: number;
  }
> | null;
if (cluster) {
  const { one, two } = cluster;
  rows.push([
    'nginx + 1 vs 2 instances: list req/s',
    `${one.list.requestsPerSecond} vs ${two.list.requestsPerSecond} (×${(two.list.requestsPerSecond / one.list.requestsPerSecond).toFixed(2)})`,
    'two > one',
  ]);
  rows.push([
    'nginx + 1 vs 2 instances: Buy Now purchases/s (p99)',
    `${one.buy.purchasesPerSecond} (${one.buy.p99} ms) vs ${two.buy.purchasesPerSecond} (${two.buy.p99} ms)`,
    'two > one',
  ]);
  rows.push([
    'nginx + 1 / 2 instances: double sales',
    `${one.doubleSales} / ${two.doubleSales}`,
    'double sales = 0',
  ]);
}
const search = read('search') as unknown as {
  app: Load;
  ceiling: Load;
  ratio: number;
  makeSearchCold: { p50: number; p95: number };
} | null;
if (search) {
  rows.push([
    'search first page (50,000 vehicles): app / ceiling req/s',
    `${search.app.requestsPerSecond} / ${search.ceiling.requestsPerSecond} (ratio ${search.ratio.toFixed(2)})`,
    '',
  ]);
  rows.push([
    'search by make right after a change (p50 / p95)',
    `${search.makeSearchCold.p50} / ${search.makeSearchCold.p95} ms`,
    'p95 < 30 ms',
  ]);
}
const notify = read('notify') as unknown as {
  events: number;
  intervalMs: number;
  pglite?: NotifyFigures;
  postgres?: NotifyFigures;
} | null;
for (const [label, f] of [
  ['PGlite', notify?.pglite],
  ['PostgreSQL', notify?.postgres],
] as const) {
  if (notify && f)
    rows.push([
      `notify ${notify.events} offers → mails (${label}, sender every ${notify.intervalMs} ms)`,
      `all in ${(f.totalMs / 1000).toFixed(1)} s · p50 ${f.p50} / p95 ${f.p95} ms · dup ${f.duplicates} · lost ${f.lost}`,
      'duplicates = lost = 0',
    ]);
}
const inventory = read('inventory');
if (inventory)
  rows.push([
    `inventory, ${inventory.vehicles} vehicles (${inventory.database}): first visit, keystroke → painted p95, server RSS`,
    `${inventory.firstVisitKb} kB · ${inventory.p95} ms · ${inventory.rssMb} MB`,
    '≤ 40 kB · < 100 ms · ≤ 250 MB (PostgreSQL)',
  ]);
const photos = read('photos');
if (photos)
  rows.push([
    'photos: 100 × 12 MP processed (photos/s, peak RSS)',
    `${photos.photosPerSecond} photos/s, ${photos.rssMb} MB`,
    'bounded RSS',
  ]);
const pages = read('pages');
for (const [path, s] of Object.entries<PageScores>(pages?.pages ?? {})) {
  const isVehicle = path.startsWith('/vehicle/');
  rows.push([
    `lighthouse ${isVehicle ? `${path} (40 photos)` : path}`,
    `perf ${s.performance} · a11y ${s.accessibility} · bp ${s.bestPractices} · seo ${s.seo} · CLS ${s.cls} · LCP ${(s.lcpMs / 1000).toFixed(2)} s · images ${s.imageKb ?? '?'} kB`,
    `≥ 95 each, CLS < 0.05${isVehicle || path === '/inventory' ? ', LCP ≤ 2.5 s' : ''}${path === '/inventory' ? `, images ≤ 150 kB (${pages?.vehicles ?? 200} vehicles)` : ''}`,
  ]);
}
interface GuideBacktest {
  sales: number;
  heldOut: number;
  coverage: number;
  medianAbsPctError: number | null;
  insideRange: number | null;
}
interface GuideTiming {
  medianMs: number | null;
  timedOutAfterS: number | null;
}
const guide = read('guide') as unknown as {
  backtest: Record<'demo' | 'large', GuideBacktest>;
  refit: { sales: number; refit: GuideTiming; refresh: GuideTiming; refitRatioToScanAndJoin: number | null };
} | null;
for (const [label, b] of Object.entries(guide?.backtest ?? {}))
  rows.push([
    `guide backtest, ${label} history (${b.sales} sales, ${b.heldOut} held out)`,
    `median abs. error ${b.medianAbsPctError ?? 'n/a'} % · inside range ${b.insideRange === null ? 'n/a' : `${Math.round(b.insideRange * 100)} %`} · coverage ${Math.round(b.coverage * 100)} %`,
    'figures only',
  ]);
if (guide)
  rows.push([
    `guide refit / facts refresh, ${guide.refit.sales} sales (PostgreSQL)`,
    `${guide.refit.refit.medianMs ?? `> ${guide.refit.refit.timedOutAfterS} s`} ms (×${guide.refit.refitRatioToScanAndJoin ?? '?'} scan + join) / ${guide.refit.refresh.medianMs} ms`,
    'nightly',
  ]);
console.log('\n| figure | measured | target |\n|---|---|---|');
for (const [figure, measured, target] of rows) console.log(`| ${figure} | ${measured} | ${target} |`);
