import { dealerPartPath } from '@contracts/dealer-dashboard';
import { WATCHLIST_TEXT } from '@contracts/watchlist-texts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startAppServer } from './support/app-server';
import { appIsReady, openPage, toast } from './support/browser-page';
import { launchChromium, releaseChromium } from './support/chromium';

const PHONE_390 = { width: 390, height: 844 } as const;

/**
 * The watchlist (issue #30): a visitor marks a car Favorite in the browser, signs in as a dealer and
 * finds it kept on the dashboard; then, signed in, watches another car on its page (kept on the
 * server), sees it on the dashboard, and unwatches it there — on a 390 px phone.
 */
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
});
afterAll(async () => {
  await releaseChromium(browser);
  await server?.stop();
});

interface ListedCar {
  id: number;
  year: number | null;
  make: string | null;
  model: string | null;
}
const titleOf = (car: ListedCar) => [car.year, car.make, car.model].filter(Boolean).join(' ');

describe('the watchlist', () => {
  it('keeps a mark made signed out, and a signed-in dealer watches a car on its page and unwatches it on the dashboard', async () => {
    const demo = server.demoDealer!;
    // Two published cars the demo dealer has not marked (its demo marks are the oldest cars).
    const cars = ((await (await fetch(`${server.url}/api/vehicles`)).json()) as ListedCar[]).sort(
      (a, b) => b.id - a.id,
    );
    const [favorite, watched] = cars as [ListedCar, ListedCar];
    const { page, errors } = await openPage(browser, PHONE_390, { baseURL: server.url });

    // Signed out: Favorite is kept in this browser (docs/product.md §3).
    await page.goto(`/vehicle/${favorite.id}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: WATCHLIST_TEXT.favorite }).click();
    await main.getByRole('button', { name: WATCHLIST_TEXT.favorite, pressed: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('favorites'))).toBe(`[${favorite.id}]`);

    // Signed in, the dashboard lists it: the browser's list went to the server, and was emptied here.
    await page.goto('/dealer/login');
    await page.getByLabel('Dealer name').fill(demo.dealerName);
    await page.getByLabel('Buy code').fill(demo.buyCode);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dealer/dashboard');
    // The watchlist is in the dashboard's Buy orders & alerts section.
    await page.goto(dealerPartPath('watchlist'));
    const section = page.locator('#watchlist');
    await section.getByRole('heading', { name: WATCHLIST_TEXT.sectionTitle }).waitFor();
    const itemOf = (car: ListedCar) =>
      section.getByRole('listitem').filter({ has: page.locator(`a[href="/vehicle/${car.id}"]`) });
    const kept = itemOf(favorite);
    await kept
      .getByRole('button', { name: `${WATCHLIST_TEXT.favorite} ${titleOf(favorite)}`, pressed: true })
      .waitFor();
    await kept.getByRole('link', { name: titleOf(favorite) }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('favorites'))).toBe('[]');
    // What the server keeps of the merge is watchlist.test 'merges the browser’s lists…'.

    // Signed in, Watch on a car's page is kept on the server for the dealer.
    // The car's page reads this car's marks only (issue #47), never the whole watchlist.
    const watchlistRead = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return (
        url.pathname === '/api/dealer/watchlist/page' && url.searchParams.get('id') === String(watched.id)
      );
    });
    await page.goto(`/vehicle/${watched.id}`);
    // The buttons speak to the server once the app knows who is signed in (after hydration).
    await appIsReady(page);
    await watchlistRead;
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/dealer/watchlist/${watched.id}`) && r.request().method() === 'PUT',
    );
    await main.getByRole('button', { name: WATCHLIST_TEXT.watch }).click();
    expect((await saved).status()).toBe(200);
    await main.getByRole('button', { name: WATCHLIST_TEXT.watch, pressed: true }).waitFor();
    // Not in the browser's list: the server keeps it.
    expect(await page.evaluate(() => localStorage.getItem('watching'))).toBe('[]');

    // The dashboard lists it with its price and status; Watch off there takes it off the list.
    await page.goto(dealerPartPath('watchlist'));
    const row = itemOf(watched);
    const watchButton = row.getByRole('button', { name: `${WATCHLIST_TEXT.watch} ${titleOf(watched)}` });
    await expect.poll(() => watchButton.getAttribute('aria-pressed')).toBe('true');
    await row.getByText('Available').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE_390.width);

    // The section's tab counts the watched cars with the buy orders, saved searches and first looks.
    const tab = page
      .getByRole('navigation', { name: 'Dashboard sections' })
      .getByRole('link', { name: /^Buy orders & alerts/ });
    const tabCount = async () => Number((await tab.innerText()).replace(/\D+/g, '') || Number.NaN);
    await expect.poll(tabCount).toBeGreaterThanOrEqual(2);
    const counted = await tabCount();

    await watchButton.focus();
    await page.keyboard.press('Enter');
    await toast(page, WATCHLIST_TEXT.removed);
    await row.waitFor({ state: 'detached' });
    await expect.poll(tabCount).toBe(counted - 1);
    // The keyboard's focus stays in the section (its heading), not lost to the page's top.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('watchlist-title');
    // The favorite stays listed. That Watch off is stored (each flag on its own) is watchlist.test
    // 'sets each flag on its own…'.
    expect(await itemOf(favorite).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
