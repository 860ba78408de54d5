/**
 * bench:inventory-inp — where /inventory's INP after hydration goes (issue #46): the inputs of
 * bench:pages' INP (bench/first-taps.ts INVENTORY_STEPS: "honda" typed, certification, grade and
 * sort chosen, List view then Grid view) made on the built app under the same throttling (slow 4G,
 * 4× CPU, a phone's width), each interaction printed with its parts as the Event Timing API splits
 * them: input delay (waiting for the main thread), processing (the handlers, React's render of a
 * discrete update inside them) and presentation (what ran after them until the next paint:
 * more scripts, style, layout, paint). Playwright's selectOption sets a select's value from script:
 * its events are no user interaction (no interactionId), so the INP's p75 is taken over the five
 * keystrokes and the two view buttons, and is in effect the second longest of those seven.
 * INP_BASELINE_DIR=<a checkout with its build> serves that build too, from a copy of the same data,
 * and the runs alternate between the two, so both sets come from the same machine in the same
 * minutes. INP_PROFILE=1 takes a CPU profile (CDP) of the last run's inputs on today's build,
 * writes it to bench/results/inventory-inp.cpuprofile and prints the functions with the most
 * self time. It also prints whether React had attached to the search box and the cards when the
 * page said it works (data-app-ready). INP_RUNS (5), INP_VEHICLES (5,000; the last 200 with a cover photo).
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { vehicles } from '../server/src/db/schema';
import { INVENTORY_STEPS, p75, type RecordedEvent, read, throttledPage } from './first-taps';
import { linkCovers, storeGallery } from './photos-fixture';
import { BENCH_CHROME, benchDatabase, line, RESULTS_DIR, startBenchServer } from './support';
import { benchVehicles, insertBenchVehicles } from './vehicles-fixture';

const RUNS = Number(process.env.INP_RUNS ?? 5);
const VEHICLES = Number(process.env.INP_VEHICLES ?? 5_000);
const BASELINE_DIR = process.env.INP_BASELINE_DIR;

const { handle, dataDir, env } = await benchDatabase();
await handle.db.delete(vehicles);
await insertBenchVehicles(handle.db, 0, VEHICLES - 200);
const inserted = await handle.db
  .insert(vehicles)
  .values(benchVehicles(VEHICLES - 200, 200))
  .returning({ id: vehicles.id });
const gallery = await storeGallery(handle.db, dataDir, inserted[0]!.id, 4);
await linkCovers(
  handle.db,
  dataDir,
  inserted.slice(1).flatMap((v, i) => (i % 10 === 9 ? [] : [v.id])),
  gallery,
);
await handle.close();
line('vehicles', VEHICLES);

const servers: { name: string; url: string; stop(): Promise<unknown> }[] = [];
servers.push({ name: 'today', ...(await startBenchServer(env)) });
if (BASELINE_DIR) {
  cpSync(dataDir, `${dataDir}-baseline`, { recursive: true });
  servers.push({
    name: 'baseline',
    ...(await startBenchServer({ ...env, DATA_DIR: `${dataDir}-baseline` }, BASELINE_DIR)),
  });
}

interface Interaction {
  step: string;
  /** Its place in its step: the 1st keystroke of "honda", the 2nd… */
  nth: number;
  duration: number;
  inputDelay: number;
  processing: number;
  presentation: number;
}

/** The page's interactions, each its longest event, named by the step it came from. */
function interactionsOf(events: RecordedEvent[], stepStarts: number[]): Interaction[] {
  const longest = new Map<number, RecordedEvent>();
  for (const event of events) {
    const seen = longest.get(event.id);
    if (!seen || event.duration > seen.duration) longest.set(event.id, event);
  }
  const inStep = new Map<number, number>();
  return [...longest.values()]
    .sort((a, b) => a.start - b.start)
    .map((event) => {
      let step = 0;
      while (step + 1 < stepStarts.length && event.start >= stepStarts[step + 1]!) step++;
      const nth = (inStep.get(step) ?? 0) + 1;
      inStep.set(step, nth);
      return {
        step: INVENTORY_STEPS[step]!.label,
        nth,
        duration: event.duration,
        inputDelay: event.processingStart - event.start,
        processing: event.processingEnd - event.processingStart,
        presentation: event.start + event.duration - event.processingEnd,
      };
    });
}

const browser = await chromium.launch({ executablePath: BENCH_CHROME.path, args: BENCH_CHROME.flags });
const byServer = new Map<string, { inp: number[]; interactions: Interaction[] }>(
  servers.map((s) => [s.name, { inp: [], interactions: [] }]),
);

async function run(url: string, profile: boolean): Promise<{ inp: number; interactions: Interaction[] }> {
  const { context, page } = await throttledPage(browser, '#inventory-search');
  try {
    await page.goto(`${url}/inventory`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true', undefined, {
      timeout: 60_000,
    });
    // Hydrated yet, when the app says it works? React marks the nodes it has attached to.
    // (Plain JS in a string: tsx's compiled functions call a helper the page does not have.)
    const hydrated = await page.evaluate(`(() => {
      const attached = (el) => el !== null && Object.keys(el).some((key) => key.startsWith('__reactFiber'));
      const cards = [...document.querySelectorAll('[data-testid="vehicle-card"]')];
      return 'search box ' + attached(document.querySelector('#inventory-search')) +
        ', cards ' + cards.filter(attached).length + '/' + cards.length;
    })()`);
    line('at data-app-ready, React attached to', String(hydrated));
    const cdp = profile ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const stepStarts: number[] = [];
    for (const step of INVENTORY_STEPS) {
      stepStarts.push(await page.evaluate(() => performance.now()));
      await step.act(page);
    }
    await afterNextPaint(page);
    if (cdp) {
      const { profile: cpu } = await cdp.send('Profiler.stop');
      mkdirSync(RESULTS_DIR, { recursive: true });
      writeFileSync(join(RESULTS_DIR, 'inventory-inp.cpuprofile'), JSON.stringify(cpu));
      printHotFunctions(cpu);
    }
    const interactions = interactionsOf((await read(page)).events, stepStarts);
    return { inp: p75(interactions.map((i) => i.duration)), interactions };
  } finally {
    await context.close();
  }
}

/** The last interactions' events are reported after their next paint. */
const afterNextPaint = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
function printHotFunctions(cpu: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }) {
  const self = new Map<number, number>();
  (cpu.samples ?? []).forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (cpu.timeDeltas?.[i] ?? 0));
  });
  const byFunction = new Map<string, number>();
  for (const node of cpu.nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const where = url ? `${url.replace(/^.*\/assets\//, '')}:${lineNumber + 1}:${columnNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  const hot = [...byFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log('\nself time in the profile (ms, the inputs of the last run):');
  for (const [name, us] of hot) console.log(`  ${(us / 1000).toFixed(1).padStart(8)}  ${name}`);
}

try {
  for (let i = 0; i < RUNS; i++)
    for (const server of servers) {
      const result = await run(
        server.url,
        process.env.INP_PROFILE === '1' && server.name === 'today' && i === RUNS - 1,
      );
      const figures = byServer.get(server.name)!;
      figures.inp.push(result.inp);
      figures.interactions.push(...result.interactions);
      line(`${server.name} run ${i + 1}: INP p75 (ms)`, Math.round(result.inp));
    }
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}-baseline`, { recursive: true, force: true });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
for (const [name, figures] of byServer) {
  console.log(`\n${name}: INP p75, median of ${RUNS} runs: ${Math.round(median(figures.inp))} ms`);
  console.log(
    '  step            interactions  median / max duration   median input delay · processing · presentation',
  );
  const slowest = [...figures.interactions].sort((a, b) => b.duration - a.duration).slice(0, 5);
  console.log(
    `  slowest: ${slowest.map((i) => `${i.step} #${i.nth} ${Math.round(i.duration)} (${Math.round(i.inputDelay)} · ${Math.round(i.processing)} · ${Math.round(i.presentation)})`).join(', ')}`,
  );
  for (const { label } of INVENTORY_STEPS) {
    const of = figures.interactions.filter((i) => i.step === label);
    const at = (pick: (i: Interaction) => number) => Math.round(median(of.map(pick)));
    console.log(
      `  ${label.padEnd(16)}${String(of.length).padStart(12)}  ${`${at((i) => i.duration)} / ${Math.round(Math.max(0, ...of.map((i) => i.duration)))} ms`.padStart(21)}   ${at((i) => i.inputDelay)} · ${at((i) => i.processing)} · ${at((i) => i.presentation)} ms`,
    );
  }
}
