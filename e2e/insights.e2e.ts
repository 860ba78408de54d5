import { readdirSync, readFileSync } from 'node:fs';
import { dealerDashboardPath } from '@contracts/dealer-dashboard';
import {
  INSIGHT_CHART_IDS,
  INSIGHTS_TEXT,
  type InsightColumn,
  type InsightsReport,
} from '@contracts/insights';
import { parse } from 'csv-parse/sync';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe';
import { openPage } from './support/browser-page';
import { DESKTOP, launchChromium, releaseChromium } from './support/chromium';
import { signInContext } from './support/sign-in';

const PHONE_390 = { width: 390, height: 844 } as const;
/** E2E_SCREENSHOTS=/some/dir keeps Admin → Insights and the dealer's section at 1280 and 390 px. */
const SHOTS = process.env.E2E_SCREENSHOTS;

/**
 * Insights (issue #33, docs/design.md §16), read-only on the suite's demo marketplace with its sales
 * history. The admin opens Admin → Insights: the period's figures as tiles, and every chart of the
 * report drawn (an image with a summary) with its table and its CSV; each CSV, downloaded, holds
 * the table's rows. A period ending before it starts is refused in the server's words beside the
 * fields. The demo dealer's dashboard has its Insights section (figures, purchases by month, CSV).
 * The chart library stays out of the public pages: they never request its chunk.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => releaseChromium(browser));

/** The last 12 months as the page defaults to them: the 1st of the month 11 months back, to today. */
function defaultPeriod(today = new Date()) {
  const day = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { from: day(new Date(today.getFullYear(), today.getMonth() - 11, 1)), to: day(today) };
}

/** What a cell reads on the page, written out here apart from the app's formatter. */
function expectedCell(raw: string, column: InsightColumn): string {
  if (raw === '') return '–';
  if (column.unit === 'text') {
    const month = /^(\d{4})-(\d{2})$/.exec(raw);
    if (!month) return raw;
    const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    return `${names[Number(month[2]) - 1]} ${month[1]}`;
  }
  const n = Number(raw);
  // Words the server sent in a number's place ("Not recorded") read as they are.
  if (!Number.isFinite(n)) return raw;
  const grouped = (value: number, digits: number) =>
    value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  if (column.unit === 'count') return grouped(n, 0);
  if (column.unit === 'percent') return `${grouped(n, 1)}%`;
  if (column.unit === 'days') return `${grouped(n, 1)} ${n === 1 ? 'day' : 'days'}`;
  return `${n < 0 ? '-' : ''}$${grouped(Math.abs(n), 0)}`;
}

/** A table's header and body cells, as text. */
const tableText = (table: Locator) =>
  table.evaluate((element) => ({
    head: [...element.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? ''),
    rows: [...element.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''),
    ),
  }));

/** Downloads a chart's CSV through its link and checks its rows are the table's. */
async function csvMatchesTable(page: Page, card: Locator, columns: InsightColumn[]) {
  const link = card.getByRole('link', { name: /^Download CSV/ });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  const [header, ...records] = parse(csv, { bom: true }) as string[][];
  const table = await tableText(card.getByRole('table'));
  expect(header).toEqual(columns.map((c) => c.label));
  expect(table.head).toEqual(header);
  expect(records.length).toBeGreaterThan(0);
  expect(table.rows).toEqual(records.map((record) => record.map((raw, i) => expectedCell(raw, columns[i]!))));
  return records;
}

/** Checks a chart's table reads the report's rows, column by column. */
async function tableMatchesReport(card: Locator, chart: InsightsReport['charts'][number]) {
  const table = await tableText(card.getByRole('table'));
  expect(table.head).toEqual(chart.columns.map((c) => c.label));
  expect(table.rows.length).toBeGreaterThan(0);
  expect(table.rows).toEqual(
    chart.rows.map((row) =>
      chart.columns.map((column) => expectedCell(String(row[column.key] ?? ''), column)),
    ),
  );
}

/** The page never scrolls sideways; wide charts and tables scroll inside their own boxes. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function seriousViolations(page: Page) {
  return axeViolations(page, { include: '[role="tabpanel"], #insights' });
}

async function adminReport(context: BrowserContext, query: Record<string, string>) {
  const response = await context.request.get(`/api/insights?${new URLSearchParams(query)}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as InsightsReport;
}

describe('Admin → Insights', () => {
  for (const viewport of [DESKTOP, PHONE_390]) {
    it(`shows the figures and every chart with its table and CSV (${viewport.width} px)`, {
      timeout: 150_000,
    }, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await signInContext(context, 'admin');
      const period = defaultPeriod();
      // The facts behind the report are refreshed by the server's insights pass, within a minute
      // of its start: wait until they hold the demo's sales, then read what the page will show.
      await expect
        .poll(
          async () => (await adminReport(context, period)).figures.find((f) => f.key === 'sales')?.value,
          { timeout: 75_000, interval: 2_000, message: 'the demo has sales in the last 12 months' },
        )
        .toBeGreaterThan(0);
      const report = await adminReport(context, period);
      expect(report.charts.map((c) => c.id)).toEqual(INSIGHT_CHART_IDS);
      await page.goto('/admin?tab=insights');
      const panel = page.getByRole('tabpanel', { name: 'Insights' });
      await panel.getByRole('heading', { name: 'Insights', level: 2 }).waitFor();
      expect(await panel.getByLabel('From', { exact: true }).inputValue()).toBe(period.from);
      expect(await panel.getByLabel('To', { exact: true }).inputValue()).toBe(period.to);

      const figures = panel.getByRole('list', { name: 'Figures of the period' });
      await figures.waitFor();
      expect(await figures.locator('[data-figure-label]').allTextContents()).toEqual(
        report.figures.map((f) => f.label),
      );
      expect(await figures.locator('[data-figure-value]').allTextContents()).toEqual(
        report.figures.map((f) =>
          expectedCell(String(f.value ?? ''), { key: f.key, label: f.label, unit: f.unit }),
        ),
      );

      for (const chart of report.charts) {
        const card = panel.locator(`section[data-chart="${chart.id}"]`);
        await card.getByRole('heading', { name: chart.title }).waitFor();
        // The drawing: an image named by what it shows.
        const images = card.locator('svg[role="img"]');
        expect(await images.count()).toBeGreaterThan(0);
        for (const name of await images.evaluateAll((svgs) => svgs.map((s) => s.getAttribute('aria-label'))))
          expect(name).toContain(chart.title);
        // At 390 px: the drawings and the page's width (below); the table and its link are the same.
        if (viewport.width !== DESKTOP.width) continue;
        // Its table: a caption, a header per column, a row per row, reading the report's values.
        const table = card.getByRole('table', { name: chart.title });
        expect(await table.locator('thead th[scope="col"]').count()).toBe(chart.columns.length);
        expect(await table.locator('tbody th[scope="row"]').count()).toBe(chart.rows.length);
        await tableMatchesReport(card, chart);
        // Its CSV link: the same filters. What the CSV holds is insights.test
        // 'export each chart as the CSV of its table'.
        const href = await card.getByRole('link', { name: /^Download CSV/ }).getAttribute('href');
        const url = new URL(href!, 'http://x');
        expect(url.pathname).toBe('/api/insights/export.csv');
        expect(Object.fromEntries(url.searchParams)).toEqual({ chart: chart.id, ...period });
      }
      expect(await pageWidth(page)).toBe(viewport.width);
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/insights-admin-${viewport.width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('filters by dealer and uploader; the CSV links carry the filters', { timeout: 60_000 }, async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await signInContext(context, 'admin');
    const period = defaultPeriod();
    const all = await adminReport(context, period);
    const dealer = all.dealers[0]!;
    const uploader = all.uploaders[0]!;
    const filtered = await adminReport(context, {
      ...period,
      dealerId: String(dealer.id),
      uploader: uploader.key,
    });
    await page.goto('/admin?tab=insights');
    const panel = page.getByRole('tabpanel', { name: 'Insights' });
    await panel.getByRole('list', { name: 'Figures of the period' }).waitFor();
    await panel.getByLabel('Dealer', { exact: true }).selectOption(String(dealer.id));
    await panel.getByLabel('Uploader', { exact: true }).selectOption(uploader.key);
    const link = panel
      .locator('section[data-chart="by-dealer"]')
      .getByRole('link', { name: /^Download CSV/ });
    await expect
      .poll(async () =>
        Object.fromEntries(new URL((await link.getAttribute('href'))!, 'http://x').searchParams),
      )
      .toEqual({ chart: 'by-dealer', ...period, dealerId: String(dealer.id), uploader: uploader.key });
    await expect.poll(() => panel.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
    const tiles = panel.getByRole('list', { name: 'Figures of the period' }).locator('[data-figure-value]');
    const salesIndex = filtered.figures.findIndex((f) => f.key === 'sales');
    expect(await tiles.nth(salesIndex).textContent()).toBe(
      expectedCell(String(filtered.figures[salesIndex]!.value), { key: 'sales', label: '', unit: 'count' }),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the server’s refusal of a period that ends before it starts beside the fields', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP, {
      expectedFailures: [{ path: '/api/insights', status: 400 }],
    });
    await signInContext(context, 'admin');
    await page.goto('/admin?tab=insights');
    const panel = page.getByRole('tabpanel', { name: 'Insights' });
    await panel.getByRole('list', { name: 'Figures of the period' }).waitFor();
    const from = panel.getByLabel('From', { exact: true });
    await from.fill('2026-06-01');
    await panel.getByLabel('To', { exact: true }).fill('2026-05-01');
    const message = panel.getByRole('alert').filter({ hasText: INSIGHTS_TEXT.endBeforeStart });
    await message.waitFor();
    // Tied to the fields: they are marked invalid and described by it.
    expect(await from.getAttribute('aria-invalid')).toBe('true');
    const described = await from.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe(INSIGHTS_TEXT.endBeforeStart);
    // No figures of another period stay on screen.
    expect(await panel.getByRole('list', { name: 'Figures of the period' }).count()).toBe(0);
    // A good period again brings the report back.
    await panel.getByLabel('To', { exact: true }).fill('2026-06-30');
    await panel.getByRole('list', { name: 'Figures of the period' }).waitFor();
    expect(await message.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the dealer’s Insights section', () => {
  for (const viewport of [DESKTOP, PHONE_390]) {
    it(`shows purchases, spend and time to line, and purchases by month with its table and CSV (${viewport.width} px)`, {
      timeout: 60_000,
    }, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await signInContext(context, 'dealer', inject('demoDealer'));
      await page.goto(dealerDashboardPath('insights'));
      const section = page.getByRole('region', { name: 'Insights' });
      const figures = section.getByRole('list', { name: 'Your figures for the period' });
      await figures.waitFor();
      const labels = await figures.locator('[data-figure-label]').allTextContents();
      expect(labels).toEqual(expect.arrayContaining(['Purchases']));
      expect(labels.some((l) => l.startsWith('Spend'))).toBe(true);
      expect(labels.some((l) => /from sale to your lot/.test(l))).toBe(true);
      const card = section.locator('section[data-chart="purchases"]');
      await card.getByRole('heading', { name: 'Purchases by month' }).waitFor();
      expect(await card.locator('svg[role="img"]').first().getAttribute('aria-label')).toContain(
        'Purchases by month',
      );
      const period = defaultPeriod();
      const href = await card.getByRole('link', { name: /^Download CSV/ }).getAttribute('href');
      expect(href).toBe(`/api/dealer/insights/export.csv?from=${period.from}&to=${period.to}`);
      const response = await context.request.get(`/api/dealer/insights?from=${period.from}&to=${period.to}`);
      const { chart } = (await response.json()) as { chart: { columns: InsightColumn[]; rows: unknown[] } };
      const records = await csvMatchesTable(page, card, chart.columns);
      expect(records.length).toBe(chart.rows.length);
      expect(await pageWidth(page)).toBe(viewport.width);
      if (SHOTS) {
        await section.scrollIntoViewIfNeeded();
        await section.screenshot({ path: `${SHOTS}/insights-dealer-${viewport.width}.png` });
      }
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('the chart library is loaded only where charts are', () => {
  // The built chunk(s) holding visx: its axis components name their SVG groups "visx-axis".
  const ASSETS = new URL('../dist/web/assets/', import.meta.url);
  const chartChunks = readdirSync(ASSETS)
    .filter(
      (file) => file.endsWith('.js') && readFileSync(new URL(file, ASSETS), 'utf8').includes('visx-axis'),
    )
    .map((file) => `/assets/${file}`);

  /** The JavaScript files a page requests until the network is quiet. */
  async function scriptsOf(page: Page, path: string, ready: () => Promise<void>) {
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(path);
    await ready();
    await page.waitForLoadState('networkidle');
    return [...scripts];
  }

  it('is one chunk the inventory, vehicle and landing pages never request, and Insights does', {
    timeout: 60_000,
  }, async () => {
    expect(chartChunks.length).toBe(1);
    const { page, context, errors } = await openPage(browser, DESKTOP);
    // A visitor's public pages; then the admin's.
    const vehicles = (await (await context.request.get('/api/vehicles')).json()) as { id: number }[];
    for (const path of ['/', '/inventory', `/vehicle/${vehicles[0]!.id}`]) {
      const scripts = await scriptsOf(page, path, () =>
        page.getByRole('heading', { level: 1 }).first().waitFor(),
      );
      expect(scripts.length, path).toBeGreaterThan(0);
      expect(
        scripts.filter((s) => chartChunks.includes(s)),
        path,
      ).toEqual([]);
    }
    // The admin's other tabs do not load it either; the Insights tab does.
    await signInContext(context, 'admin');
    const other = await scriptsOf(page, '/admin?tab=offers', () => page.getByRole('tabpanel').waitFor());
    expect(other.filter((s) => chartChunks.includes(s))).toEqual([]);
    await page.getByRole('tab', { name: 'Insights' }).click();
    await page.getByRole('tabpanel', { name: 'Insights' }).locator('svg[role="img"]').first().waitFor();
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect(loaded).toEqual(expect.arrayContaining(chartChunks));
    expect(errors).toEqual([]);
    await context.close();
  });
});
