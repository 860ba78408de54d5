/**
 * Every tap counts (issue #26, ADR 0020), measured for bench:pages on each server-rendered page,
 * in Debian's Chromium under Lighthouse's mobile throttling (slow 4G, 4× CPU, through CDP):
 * - time to the first visible control and time until it works (the app attached: data-app-ready),
 *   from navigation start, median of the runs;
 * - taps honoured: 20 taps or inputs made after first paint and before the code has run (the
 *   code is held back until they are made, so all 20 fall in between), then how many took effect;
 * - INP after hydration: the 75th percentile of the interactions' longest event durations (Event
 *   Timing API, what web-vitals reports as INP) over 10 inputs made once the page works.
 */
import { type Browser, chromium, type Page, type Route } from 'playwright-core';
import { throttleLikeAPhone } from '../e2e/support/throttle';
import { BENCH_CHROME } from './support';

export interface TapFigures {
  firstControlMs: number;
  worksMs: number;
  honoured: number;
  inputs: number;
  inpP75Ms: number;
}

const PHONE = { width: 375, height: 812 };
const INPUTS = 20;
const INP_INPUTS = 10;

/**
 * Recorded in the page from its first script on: when the control shows, when the app works, the
 * interactions' event durations, the Favorite and Watch toggles taken. Plain JS in a string: the
 * bench runs under tsx, whose compiled functions would call a helper the page does not have.
 */
export const recorder = (selector: string) => `(() => {
  const bench = { firstControl: -1, works: -1, toggles: 0, events: [] };
  window.__bench = bench;
  const check = () => {
    const control = document.querySelector(${JSON.stringify(selector)});
    if (control && control.getBoundingClientRect().height > 0) bench.firstControl = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.attributeName === 'data-app-ready' && bench.works < 0) bench.works = performance.now();
    }
  }).observe(document, { attributes: true, subtree: true, attributeOldValue: true,
    attributeFilter: ['data-app-ready'] });
  // Each Favorite or Watch toggle taken writes its list once (replayed taps may render once, together).
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === 'favorites' || key === 'watching') bench.toggles++;
    return setItem.call(this, key, value);
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId)
        bench.events.push({ id: entry.interactionId, duration: entry.duration, name: entry.name,
          start: entry.startTime, processingStart: entry.processingStart, processingEnd: entry.processingEnd });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})();`;

/** One event of an interaction (Event Timing): its start, its handlers' run, its next paint after. */
export interface RecordedEvent {
  id: number;
  duration: number;
  name: string;
  start: number;
  processingStart: number;
  processingEnd: number;
}
type Bench = {
  firstControl: number;
  works: number;
  toggles: number;
  events: RecordedEvent[];
};
export const read = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Bench }).__bench);

interface PageKind {
  /** The first control a user would use. */
  control: string;
  /** 20 inputs at first paint, and how many of them took effect once the app runs. */
  tapAtFirstPaint(page: Page): Promise<() => Promise<number>>;
  /** 10 inputs on the working page. */
  interact(page: Page): Promise<void>;
}

const vehiclePage: PageKind = {
  control: 'main button[aria-pressed]',
  // Favorite and Watch in turn: each tap taken is one toggle, written to its list.
  async tapAtFirstPaint(page) {
    for (let i = 0; i < INPUTS; i++)
      await page
        .locator('main button[aria-pressed]')
        .nth(i % 2)
        .click({ timeout: 30_000 });
    return async () => {
      await page
        .waitForFunction((n) => (window as unknown as { __bench: Bench }).__bench.toggles >= n, INPUTS, {
          timeout: 20_000,
        })
        .catch(() => undefined);
      return (await read(page)).toggles;
    };
  },
  async interact(page) {
    for (let i = 0; i < INP_INPUTS; i++)
      await page
        .locator('main button[aria-pressed]')
        .nth(i % 2)
        .click();
  },
};

const SEARCH = 'toyota camry 2021'; // 17 keystrokes, and three selects: 20 inputs
const CHOICES = { cert: 'auction', grade: '2', sort: 'price-asc' } as const;
/** The inputs of the inventory's INP, in order, each named (bench/inventory-inp.ts prints each one). */
export const INVENTORY_STEPS: { label: string; act(page: Page): Promise<void> }[] = [
  { label: 'type "honda"', act: (page) => page.locator('#inventory-search').pressSequentially('honda') },
  {
    label: 'certification',
    act: (page) => page.locator('#inventory-certification').selectOption('premium').then(),
  },
  { label: 'grade', act: (page) => page.locator('#inventory-grade').selectOption('3').then() },
  { label: 'sort', act: (page) => page.locator('#inventory-sort').selectOption('mileage-asc').then() },
  { label: 'List view', act: (page) => page.getByRole('button', { name: 'List view' }).click() },
  { label: 'Grid view', act: (page) => page.getByRole('button', { name: 'Grid view' }).click() },
];

const inventoryPage: PageKind = {
  control: '#inventory-search',
  async tapAtFirstPaint(page) {
    await page.locator('#inventory-search').pressSequentially(SEARCH);
    await page.locator('#inventory-certification').selectOption(CHOICES.cert);
    await page.locator('#inventory-grade').selectOption(CHOICES.grade);
    await page.locator('#inventory-sort').selectOption(CHOICES.sort);
    return async () => {
      await page
        .waitForURL((url) => url.searchParams.get('q') === SEARCH, { timeout: 20_000, waitUntil: 'commit' })
        .catch(() => undefined);
      const url = new URL(page.url());
      const q = url.searchParams.get('q') ?? '';
      let keystrokes = 0;
      while (keystrokes < SEARCH.length && q[keystrokes] === SEARCH[keystrokes]) keystrokes++;
      const selects = Object.entries(CHOICES).filter(([key, value]) => url.searchParams.get(key) === value);
      return keystrokes + selects.length;
    };
  },
  async interact(page) {
    for (const step of INVENTORY_STEPS) await step.act(page);
  },
};

export async function throttledPage(browser: Browser, control: string) {
  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript({ content: recorder(control) });
  const page = await context.newPage();
  await throttleLikeAPhone(await context.newCDPSession(page));
  return { context, page };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const p75 = (values: number[]) =>
  values.length === 0 ? 0 : [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.75) - 1]!;

async function measurePage(browser: Browser, url: string, kind: PageKind, runs: number): Promise<TapFigures> {
  const firstControl: number[] = [];
  const works: number[] = [];
  const inp: number[] = [];
  for (let run = 0; run < runs; run++) {
    const { context, page } = await throttledPage(browser, kind.control);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true', undefined, {
      timeout: 60_000,
    });
    const timing = await read(page);
    firstControl.push(timing.firstControl);
    works.push(timing.works);
    await kind.interact(page);
    // The last interactions' events are reported after their next paint.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
    );
    const longest = new Map<number, number>();
    for (const event of (await read(page)).events)
      longest.set(event.id, Math.max(longest.get(event.id) ?? 0, event.duration));
    inp.push(p75([...longest.values()]));
    await context.close();
  }

  // Taps at first paint: the code waits until all 20 are made.
  const { context, page } = await throttledPage(browser, kind.control);
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator(kind.control).first().waitFor({ state: 'visible', timeout: 60_000 });
  const honouredOnceItRuns = await kind.tapAtFirstPaint(page);
  const madeBeforeTheCode = await page.evaluate(
    () => document.documentElement.dataset.appReady === undefined,
  );
  released = true;
  for (const route of held.splice(0)) void route.continue();
  const honoured = await honouredOnceItRuns();
  await context.close();
  if (!madeBeforeTheCode) throw new Error(`${url}: the inputs were not all made before the app ran`);
  return {
    firstControlMs: Math.round(median(firstControl)),
    worksMs: Math.round(median(works)),
    honoured,
    inputs: INPUTS,
    inpP75Ms: Math.round(median(inp)),
  };
}

/** The figures of /inventory and a vehicle's page, `runs` loads each for the timings. */
export async function measureFirstTaps(baseUrl: string, vehicleId: number, runs: number) {
  const browser = await chromium.launch({ executablePath: BENCH_CHROME.path, args: BENCH_CHROME.flags });
  try {
    return {
      '/inventory': await measurePage(browser, `${baseUrl}/inventory`, inventoryPage, runs),
      '/vehicle/:id': await measurePage(browser, `${baseUrl}/vehicle/${vehicleId}`, vehiclePage, runs),
    };
  } finally {
    await browser.close();
  }
}
