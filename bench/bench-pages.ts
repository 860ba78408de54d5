/**
 * bench:pages — Lighthouse (mobile preset, simulated throttling, Debian Chromium) on /, /inventory
 * with 50,000 vehicles (BENCH_VEHICLES; the last 200 listed but every tenth with a cover photo),
 * /vehicle/:id with 40 photos and /dealer/login; each page 3 times, the median printed. Photos go
 * through the real pipeline into the server's DATA_DIR. Targets: every category ≥ 95, CLS < 0.05;
 * LCP ≤ 2.5 s on the vehicle page and the inventory; the images the inventory's first screen
 * downloads on a phone ≤ 150 kB.
 * Then, per server-rendered page under the same throttling through CDP (bench/first-taps.ts, ADR
 * 0020): time to the first visible control, time until it works, taps honoured out of 20 made in
 * between (target 20/20) and INP after hydration (target p75 ≤ 200 ms under 4× CPU).
 * BENCH_LIGHTHOUSE=0 skips the Lighthouse runs (the taps only).
 * Beside today's build, the previous release's (bench/previous-release.ts: the newest `release-*`
 * tag, or BENCH_BASELINE=<ref>; BENCH_BASELINE=none skips it) is built and served from a copy of the
 * same data, and each Lighthouse run of a page alternates between the two, so both sets of figures
 * come from the same noisy machine in the same minutes; both are printed. The browser gets the CPU
 * first while it measures (support.ts browserFirst); BENCH_BROWSER_FIRST=0 compares.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { vehicles } from '../server/src/db/schema';
import { measureFirstTaps, type TapFigures } from './first-taps';
import { linkCovers, storeGallery } from './photos-fixture';
import { type BuiltRelease, buildRelease, previousReleaseRef } from './previous-release';
import {
  BENCH_CHROME,
  benchDatabase,
  browserFirst,
  line,
  RESULTS_DIR,
  startBenchServer,
  writeResults,
} from './support';
import { benchVehicles, insertBenchVehicles } from './vehicles-fixture';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GALLERY_PHOTOS = 40;
const TARGETS = {
  category: 95,
  cls: 0.05,
  lcpMs: 2500,
  inventoryImageKb: 150,
  tapsHonoured: 20,
  inpP75Ms: 200,
  tbtMs: 200,
};
const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 50_000);
mkdirSync(RESULTS_DIR, { recursive: true });
const { handle, dataDir, env } = await benchDatabase();
await handle.db.delete(vehicles);
// The 200 with photos are listed last, so the newest-first inventory opens on some of them.
await insertBenchVehicles(handle.db, 0, VEHICLES - 200);
const inserted = await handle.db
  .insert(vehicles)
  .values(benchVehicles(VEHICLES - 200, 200))
  .returning({ id: vehicles.id });
line('vehicles', VEHICLES);
const first = inserted[0]!;
const photosStarted = performance.now();
const gallery = await storeGallery(handle.db, dataDir, first.id, GALLERY_PHOTOS);
// Most of the others get a cover (the gallery's files under new keys); every tenth has none.
await linkCovers(
  handle.db,
  dataDir,
  inserted.slice(1).flatMap((v, i) => (i % 10 === 9 ? [] : [v.id])),
  gallery,
);
line('photos stored (s)', ((performance.now() - photosStarted) / 1000).toFixed(1));
await handle.close();
const releaseRef = process.env.BENCH_LIGHTHOUSE === '0' ? null : previousReleaseRef();
let release: BuiltRelease | null = null;
let releaseServer: Awaited<ReturnType<typeof startBenchServer>> | null = null;
if (!releaseRef && process.env.BENCH_LIGHTHOUSE !== '0')
  line(
    'previous release',
    'none to compare with (no release-* tag before HEAD; BENCH_BASELINE=<ref> names one)',
  );
if (releaseRef) {
  const buildStarted = performance.now();
  release = buildRelease(releaseRef);
  line(`previous release ${releaseRef} built (s)`, ((performance.now() - buildStarted) / 1000).toFixed(1));
  // Its own copy of the data (an embedded database is one process's); on PostgreSQL both share it.
  const releaseDataDir = `${dataDir}-release`;
  cpSync(dataDir, releaseDataDir, { recursive: true });
  releaseServer = await startBenchServer({ ...env, DATA_DIR: releaseDataDir }, release.dir);
}
const server = await startBenchServer(env);

const cpu = browserFirst();
line('browser', BENCH_CHROME.path);
line('browser first', cpu.how);
const chrome = await chromeLauncher.launch({
  chromePath: BENCH_CHROME.path,
  chromeFlags: [...BENCH_CHROME.flags, '--disable-component-update', '--disable-sync'],
});
// BENCH_PAGES=/inventory,/dealer/login measures only those (while working on one page).
const pages = ['/', '/inventory', `/vehicle/${first.id}`, '/dealer/login'].filter(
  (path) =>
    process.env.BENCH_LIGHTHOUSE !== '0' &&
    (!process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(',').includes(path.replace(/\/\d+$/, ''))),
);
/** The images the page downloaded while Lighthouse loaded it (no scrolling): transfer kB. */
function imageKbOf(lhr: { audits: Record<string, { details?: unknown }> }) {
  const items = (lhr.audits['resource-summary']?.details as { items?: ResourceSummaryItem[] })?.items ?? [];
  const bytes = items.find((item) => item.resourceType === 'image')?.transferSize ?? 0;
  return Math.round(bytes / 1000);
}
interface ResourceSummaryItem {
  resourceType: string;
  transferSize: number;
}
/** One Lighthouse run; a run whose trace broke (NO_NAVSTART and the like, now and then) is made again. */
async function audit(url: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const lhr = result!.lhr;
    if (!lhr.runtimeError || attempt === 3) return lhr;
    line(`${new URL(url).pathname}: Lighthouse run failed`, `${lhr.runtimeError.code}, running it again`);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
type Figures = Record<string, number>;
function figuresOf(lhr: Awaited<ReturnType<typeof audit>>): Figures {
  const items = (lhr.audits['resource-summary']?.details as { items?: ResourceSummaryItem[] })?.items ?? [];
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    imageKb: imageKbOf(lhr),
    scriptKb: Math.round((items.find((item) => item.resourceType === 'script')?.transferSize ?? 0) / 1000),
  };
}
const medianOf = (runs: Figures[]) =>
  Object.fromEntries(Object.keys(runs[0]!).map((k) => [k, median(runs.map((r) => r[k]!))]));
const describe = (s: Figures) =>
  `perf ${s.performance} · a11y ${s.accessibility} · bp ${s.bestPractices} · seo ${s.seo} · LCP ${s.lcpMs} ms · TBT ${s.tbtMs} ms · CLS ${s.cls} · images ${s.imageKb} kB · JS ${s.scriptKb} kB`;
const results: Record<string, Figures> = {};
const releaseResults: Record<string, Figures> = {};
let taps: Record<string, TapFigures> = {};
try {
  for (const path of pages) {
    const runs: Figures[] = [];
    const releaseRuns: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      const lhr = await audit(`${server.url}${path}`);
      // The last report of each page stays in bench/results for a closer look (Lighthouse JSON).
      if (i === RUNS - 1)
        writeFileSync(
          join(RESULTS_DIR, `lighthouse-${path.split('/')[1] || 'home'}.json`),
          JSON.stringify(lhr),
        );
      runs.push(figuresOf(lhr));
      if (releaseServer) releaseRuns.push(figuresOf(await audit(`${releaseServer.url}${path}`)));
    }
    results[path] = medianOf(runs);
    line(`${path} (median of ${RUNS})`, describe(results[path]));
    if (releaseRuns.length) {
      releaseResults[path] = medianOf(releaseRuns);
      line(`${path} previous release ${releaseRef}`, describe(releaseResults[path]));
    }
  }
  taps = await measureFirstTaps(server.url, first.id, RUNS);
  for (const [page, t] of Object.entries(taps))
    line(
      `${page} taps (slow 4G, 4× CPU)`,
      `first control ${t.firstControlMs} ms · works ${t.worksMs} ms · honoured ${t.honoured}/${t.inputs} · INP p75 ${t.inpP75Ms} ms`,
    );
} finally {
  await chrome.kill();
  cpu.restore();
  await server.stop();
  await releaseServer?.stop();
  release?.remove();
  rmSync(`${dataDir}-release`, { recursive: true, force: true });
  // The stored photos take ~100 MB.
  rmSync(dataDir, { recursive: true, force: true });
}
const checks = Object.entries(results).flatMap(([path, s]) => {
  const page = path.replace(/\/\d+$/, '/:id');
  return [
    [
      `${page}: every category ≥ ${TARGETS.category}`,
      Math.min(s.performance!, s.accessibility!, s.bestPractices!, s.seo!) >= TARGETS.category,
    ],
    [`${page}: CLS < ${TARGETS.cls}`, s.cls! < TARGETS.cls],
    ...(page === '/dealer/login'
      ? []
      : [[`${page}: total blocking time ≤ ${TARGETS.tbtMs} ms`, s.tbtMs! <= TARGETS.tbtMs]]),
    ...(page === '/vehicle/:id'
      ? [[`${page}: LCP ≤ ${TARGETS.lcpMs} ms (${GALLERY_PHOTOS} photos)`, s.lcpMs! <= TARGETS.lcpMs]]
      : []),
    ...(page === '/inventory'
      ? [
          [
            `${page}: first-screen images ≤ ${TARGETS.inventoryImageKb} kB`,
            s.imageKb! <= TARGETS.inventoryImageKb,
          ],
          [`${page}: LCP ≤ ${TARGETS.lcpMs} ms (${VEHICLES} vehicles)`, s.lcpMs! <= TARGETS.lcpMs],
        ]
      : []),
  ] as [string, boolean][];
});
for (const [page, t] of Object.entries(taps))
  checks.push(
    [
      `${page}: taps made before it works honoured ${TARGETS.tapsHonoured}/20`,
      t.honoured >= TARGETS.tapsHonoured,
    ],
    [`${page}: INP p75 ≤ ${TARGETS.inpP75Ms} ms after hydration`, t.inpP75Ms <= TARGETS.inpP75Ms],
  );
for (const [target, met] of checks) line(target, met ? 'met' : 'MISSED');
line(
  'written',
  writeResults('pages', {
    runs: RUNS,
    vehicles: VEHICLES,
    galleryPhotos: GALLERY_PHOTOS,
    targets: TARGETS,
    browser: BENCH_CHROME.path,
    browserFirst: cpu.how,
    pages: results,
    previousRelease: releaseRef ? { ref: releaseRef, pages: releaseResults } : null,
    taps,
  }),
);
