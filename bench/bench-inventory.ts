/**
 * bench:inventory — /inventory with 5,000 vehicles in Chromium: type a search one key at a time and
 * read the app's 'search-latency' performance measures (keystroke → results painted). Prints the
 * p95 (target < 50 ms) and the JS heap after load.
 */
import { launchChromium } from '../e2e/support/chromium';
import { vehicles } from '../server/src/db/schema';
import { benchDatabase, line, startBenchServer, writeResults } from './support';
import { benchVehicles } from './vehicles-fixture';

const { handle, env } = await benchDatabase();
await handle.db.delete(vehicles);
for (let i = 0; i < 5000; i += 500) await handle.db.insert(vehicles).values(benchVehicles(i, 500));
await handle.close();
const server = await startBenchServer(env);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}/inventory`);
  await page
    .getByTestId('result-count')
    .filter({ hasText: /^5,?000 vehicles$/ })
    .waitFor({ timeout: 30_000 })
    .catch(async (error) => {
      await page.screenshot({ path: '.tmp/bench-inventory-fail.png' });
      console.log('result count:', await page.getByTestId('result-count').textContent());
      throw error;
    });
  const heapMb = await page.evaluate(() => {
    const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
    return memory ? Math.round(memory.usedJSHeapSize / 1024 / 1024) : null;
  });
  const search = page.getByRole('searchbox', { name: 'Search vehicles' });
  const samples: number[] = [];
  for (const term of ['silverado 2019', 'accord', 'grand cherokee 2021']) {
    await search.fill('');
    await page.waitForTimeout(300);
    await page.evaluate(() => performance.clearMeasures());
    for (const key of term) {
      await search.press(key === ' ' ? 'Space' : key);
      await page.waitForTimeout(120);
    }
    await page.waitForTimeout(300);
    samples.push(
      ...(await page.evaluate(() => performance.getEntriesByName('search-latency').map((e) => e.duration))),
    );
  }
  samples.sort((a, b) => a - b);
  const p = (q: number) =>
    Math.round(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]! * 10) / 10;
  line('vehicles', 5000);
  line('keystrokes measured', samples.length);
  line('keystroke → painted p50 / p95 (ms)', `${p(0.5)} / ${p(0.95)} (target p95 < 50)`);
  line('JS heap after load (MB)', heapMb ?? 'n/a');
  line('written', writeResults('inventory', { samples: samples.length, p50: p(0.5), p95: p(0.95), heapMb }));
} finally {
  await browser.close();
  await server.stop();
}
