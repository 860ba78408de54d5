/**
 * bench:pages — Lighthouse (mobile preset, simulated throttling, Debian Chromium) on /, /inventory
 * with 200 vehicles, /vehicle/:id and /dealer/login; each page 3 times, the median printed.
 * Targets: every category ≥ 95, CLS < 0.05.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { vehicles } from '../server/src/db/schema';
import { benchDatabase, line, RESULTS_DIR, startBenchServer, writeResults } from './support';
import { benchVehicles } from './vehicles-fixture';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
mkdirSync(RESULTS_DIR, { recursive: true });
const { handle, env } = await benchDatabase();
await handle.db.delete(vehicles);
const [first] = await handle.db.insert(vehicles).values(benchVehicles(0, 200)).returning({ id: vehicles.id });
await handle.close();
const server = await startBenchServer(env);

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
// BENCH_PAGES=/inventory,/dealer/login measures only those (while working on one page).
const pages = ['/', '/inventory', `/vehicle/${first!.id}`, '/dealer/login'].filter(
  (path) =>
    !process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(',').includes(path.replace(/\/\d+$/, '')),
);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const results: Record<string, Record<string, number>> = {};
try {
  for (const path of pages) {
    const runs: Record<string, number>[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${server.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const lhr = result!.lhr;
      // The last report of each page stays in bench/results for a closer look (Lighthouse JSON).
      if (i === RUNS - 1)
        writeFileSync(
          join(RESULTS_DIR, `lighthouse-${path.split('/')[1] || 'home'}.json`),
          JSON.stringify(lhr),
        );
      runs.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
        seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      });
    }
    const summary = Object.fromEntries(Object.keys(runs[0]!).map((k) => [k, median(runs.map((r) => r[k]!))]));
    results[path] = summary;
    line(
      `${path} (median of ${RUNS})`,
      `perf ${summary.performance} · a11y ${summary.accessibility} · bp ${summary.bestPractices} · seo ${summary.seo} · LCP ${summary.lcpMs} ms · TBT ${summary.tbtMs} ms · CLS ${summary.cls}`,
    );
  }
} finally {
  await chrome.kill();
  await server.stop();
}
line('targets', 'every category ≥ 95, CLS < 0.05');
line('written', writeResults('pages', { runs: RUNS, pages: results }));
