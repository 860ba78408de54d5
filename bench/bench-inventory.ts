/**
 * bench:inventory — /inventory with 50,000 vehicles (PostgreSQL when DATABASE_URL is set, else
 * PGlite) in Chromium at a phone's width: the bytes of the first visit (the server-rendered HTML
 * and any API read, gzipped, target ≤ 40 kB), then a search typed one key at a time, reading the
 * app's 'search-latency' measures (keystroke → results painted, the server's round trip included:
 * target p95 < 100 ms), and the server's resident memory after it all (target ≤ 250 MB).
 */
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../e2e/support/chromium';
import { vehicles } from '../server/src/db/schema';
import { benchDatabase, line, residentMemoryMb, startBenchServer, writeResults } from './support';
import { insertBenchVehicles } from './vehicles-fixture';

const COUNT = Number(process.env.BENCH_VEHICLES ?? 50_000);
const TARGETS = { firstVisitKb: 40, keystrokeP95Ms: 100, rssMb: 250 };
const { handle, env } = await benchDatabase();
await handle.db.delete(vehicles);
await insertBenchVehicles(handle.db, 0, COUNT);
await handle.close();
const server = await startBenchServer(env);
const browser = await launchChromium();
try {
  // The first visit as the network carries it: the page (gzip, as the browser asks) and any API read.
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const apiReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/vehicles')) apiReads.push(request.url());
  });
  const html = await (await fetch(`${server.url}/inventory`)).text();
  let firstVisitBytes = gzipSync(html).length;
  await page.goto(`${server.url}/inventory`);
  const expected = new RegExp(`^${COUNT.toLocaleString('en-US')} vehicles$`);
  await page.getByTestId('result-count').filter({ hasText: expected }).waitFor({ timeout: 30_000 });
  const firstVisitReads = [...apiReads];
  for (const url of firstVisitReads) firstVisitBytes += gzipSync(await (await fetch(url)).text()).length;
  const firstVisitKb = Math.round(firstVisitBytes / 100) / 10;

  const search = page.getByRole('searchbox', { name: 'Search vehicles' });
  const samples: number[] = [];
  for (const term of ['silverado 2019', 'accord', 'grand cherokee 2021', 'toyta camr']) {
    await search.fill('');
    await page.waitForTimeout(300);
    await page.evaluate(() => performance.clearMeasures());
    for (const key of term) {
      await search.press(key === ' ' ? 'Space' : key);
      // About a fast typist's pace: each keystroke's results arrive before the next (or are typed over).
      await page.waitForTimeout(150);
    }
    await page.waitForTimeout(400);
    samples.push(
      ...(await page.evaluate(() => performance.getEntriesByName('search-latency').map((e) => e.duration))),
    );
  }
  samples.sort((a, b) => a - b);
  const p = (q: number) =>
    Math.round(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]! * 10) / 10;
  const rssMb = residentMemoryMb(server.child.pid);
  const database = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  line('vehicles', `${COUNT} (${database})`);
  line(
    'first visit, HTML + API reads (kB gzip)',
    `${firstVisitKb} (target ≤ ${TARGETS.firstVisitKb}; API reads: ${firstVisitReads.length})`,
  );
  line('keystrokes measured', samples.length);
  line(
    'keystroke → painted p50 / p95 (ms)',
    `${p(0.5)} / ${p(0.95)} (target p95 < ${TARGETS.keystrokeP95Ms})`,
  );
  line('server RSS after the searches (MB)', `${rssMb ?? 'n/a'} (target ≤ ${TARGETS.rssMb} on PostgreSQL)`);
  line('first visit ≤ 40 kB', firstVisitKb <= TARGETS.firstVisitKb ? 'met' : 'MISSED');
  line('keystroke p95 < 100 ms', p(0.95) < TARGETS.keystrokeP95Ms ? 'met' : 'MISSED');
  if (rssMb !== null) line(`RSS ≤ 250 MB (${database})`, rssMb <= TARGETS.rssMb ? 'met' : 'MISSED');
  line(
    'written',
    writeResults('inventory', {
      vehicles: COUNT,
      database,
      targets: TARGETS,
      firstVisitKb,
      apiReads: firstVisitReads.length,
      samples: samples.length,
      p50: p(0.5),
      p95: p(0.95),
      rssMb,
    }),
  );
} finally {
  await browser.close();
  await server.stop();
}
