import { BUY_ORDER_HISTORY_TEXT } from '@contracts/buy-order-history';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from './support/browser-page';
import { DESKTOP, launchChromium, releaseChromium } from './support/chromium';
import { signInAdmin } from './support/sign-in';

const PHONE_390 = { width: 390, height: 844 } as const;
/** E2E_SCREENSHOTS=/some/dir keeps the board and an order's history at 390 and 1280 px for a human look. */
const SHOTS = process.env.E2E_SCREENSHOTS;

/**
 * Admin → Demand (issue #30, docs/design.md §13): the board sorts by its column headers (keyboard too,
 * the sort kept in the URL), a group opens its orders, an order its history: the demo's Highlander,
 * held for the demo team's Toyota order, shows as a match with its first-look hold. Both tests only
 * sign in and read, so they run on the suite's shared server.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await releaseChromium(browser);
});

/** The Toyota group's orders, the first one's history open. */
async function openToyotaHistory(page: Page) {
  await page.getByRole('button', { name: /^Orders for Any Toyota/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Any Toyota/ });
  const order = dialog.getByRole('listitem', { name: /^Order #/ }).first();
  await order.getByRole('button', { name: BUY_ORDER_HISTORY_TEXT.showHistory }).click();
  const history = order.getByRole('list', { name: /^History of order #/ });
  const highlander = history.getByRole('listitem').filter({ hasText: 'Toyota Highlander' });
  await highlander.getByText(/^Held for first look until /).waitFor();
  await highlander.getByText('Still available').waitFor();
  const toggle = order.getByRole('button', { name: BUY_ORDER_HISTORY_TEXT.hideHistory });
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  return dialog;
}

describe('the demand board', () => {
  it('sorts by its column headers, and opens a group’s order history (1280 px)', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await signInAdmin(page, '/admin?tab=demand');
    const table = page.getByRole('table', { name: 'Demand by make, model and years' });
    await table.getByRole('row').nth(1).waitFor();

    const budget = table.getByRole('columnheader', { name: 'Total budget' });
    expect(await budget.getAttribute('aria-sort')).toBeNull();
    expect(await table.getByRole('columnheader', { name: 'Cars wanted' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    await budget.getByRole('button').click();
    await expect.poll(() => budget.getAttribute('aria-sort')).toBe('descending');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('budget');
    // The keyboard turns it round.
    await budget.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => budget.getAttribute('aria-sort')).toBe('ascending');
    expect(new URL(page.url()).searchParams.get('dir')).toBe('asc');
    // A reload keeps it.
    await page.reload();
    await expect
      .poll(() => table.getByRole('columnheader', { name: 'Total budget' }).getAttribute('aria-sort'))
      .toBe('ascending');

    // Every order, a page at a time from the server (issue #47), searched; the search in the URL.
    const orders = page.getByRole('table', { name: 'Buy orders' });
    await page.getByLabel('Search by dealer, make, model or number').fill('Toyota');
    await page.waitForURL((url) => url.searchParams.get('bo-q') === 'Toyota');
    await orders.getByRole('row').nth(1).waitFor();
    expect(await orders.getByRole('row').nth(1).textContent()).toContain('Toyota');

    const dialog = await openToyotaHistory(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/demand-history-1280.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/demand-board-1280.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone: sorts with its own control, and opens a history at 390 px', async () => {
    const { page, context, errors } = await openPage(browser, PHONE_390);
    await signInAdmin(page, '/admin?tab=demand');
    await page
      .getByRole('table', { name: 'Demand by make, model and years' })
      .getByRole('row')
      .nth(1)
      .waitFor();
    await page.getByLabel('Sort by').selectOption('matches');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('matches');
    await page.getByRole('button', { name: /^Highest first/ }).click();
    expect(new URL(page.url()).searchParams.get('dir')).toBe('asc');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE_390.width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/demand-board-390.png`, fullPage: true });

    const dialog = await openToyotaHistory(page);
    const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/demand-history-390.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
});
