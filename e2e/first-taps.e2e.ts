import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUCTION_CERTIFIED } from '../contracts/limits';
import type { PublicVehicle } from '../contracts/vehicle';
import { appIsReady, baseUrl, type OpenedPage, openPage, toast } from './support/browser-page';
import { launchChromium, PHONE, releaseChromium } from './support/chromium';
import { throttleLikeAPhone } from './support/throttle';

/**
 * Every tap counts (docs/design.md §12, ADR 0020): on a throttled phone (Lighthouse's slow 4G and 4× CPU,
 * through CDP) a dealer taps, types and chooses as soon as a server-rendered page has painted, before
 * the app's code has run, and each input takes effect. The code is also held back until the input is
 * made (a slower network still), so every journey acts strictly before the app has attached.
 */

let browser: Browser;
let vehicles: PublicVehicle[];
beforeAll(async () => {
  browser = await launchChromium();
  vehicles = (await (await fetch(`${baseUrl()}/api/vehicles`)).json()) as PublicVehicle[];
  expect(vehicles.length).toBeGreaterThan(10);
});
afterAll(() => releaseChromium(browser));

interface ThrottledPage extends OpenedPage {
  /** Lets the held-back code load: the app starts, attaches to the page and takes the inputs over. */
  releaseTheCode(): void;
}

/** A throttled phone whose app code waits until `releaseTheCode()`, so the journey acts at first paint. */
async function openThrottled(): Promise<ThrottledPage> {
  const opened = await openPage(browser, PHONE);
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  await throttleLikeAPhone(await opened.context.newCDPSession(opened.page));
  const held: Route[] = [];
  let released = false;
  await opened.page.route(/\/assets\/.*\.js$/, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    ...opened,
    releaseTheCode: () => {
      released = true;
      for (const route of held.splice(0)) void route.continue();
    },
  };
}

/** Opens `path` and returns once the server's page has painted (the code still held back). */
async function firstPaint(page: Page, path: string, control: string) {
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator(control).first().waitFor({ state: 'visible' });
  expect(await page.evaluate(() => document.documentElement.dataset.appReady)).toBeUndefined();
}

const withVideo = () => {
  const vehicle = vehicles.find((v) => /\.(mp4|mov|webm)\b/i.test(v.videos[0] ?? ''));
  expect(vehicle, 'a demo vehicle with a playable video').toBeDefined();
  return vehicle!;
};

describe('a vehicle page at first paint, on a throttled phone', () => {
  it('Buy Now tapped before the code has run opens the purchase dialog', async () => {
    const vehicle = vehicles[0]!;
    const { page, context, errors, releaseTheCode } = await openThrottled();
    await firstPaint(page, `/vehicle/${vehicle.id}`, 'main button:has-text("Buy Now")');
    // By its text, not its role: once the dialog is open, the page behind it is hidden from the accessibility tree.
    const buyNow = page.locator('main button', { hasText: 'Buy Now' });
    await buyNow.click();
    // The button says it heard the tap while the code is on its way.
    expect(await buyNow.getAttribute('data-tap-pending')).toBe('');
    releaseTheCode();
    await page.getByRole('dialog', { name: 'Buy Now' }).waitFor();
    await page.getByRole('dialog').getByLabel('Buy code').waitFor();
    expect(await buyNow.getAttribute('data-tap-pending')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Make Offer tapped before the code has run opens the offer dialog', async () => {
    const vehicle = vehicles[1]!;
    const { page, context, errors, releaseTheCode } = await openThrottled();
    await firstPaint(page, `/vehicle/${vehicle.id}`, 'main button:has-text("Make Offer")');
    await page.locator('main').getByRole('button', { name: 'Make Offer', exact: true }).click();
    releaseTheCode();
    await page.getByRole('dialog', { name: 'Make Offer' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the video tapped before the code has run opens the walkthrough', async () => {
    const vehicle = withVideo();
    const { page, context, errors, releaseTheCode } = await openThrottled();
    await firstPaint(page, `/vehicle/${vehicle.id}`, 'main button:has-text("Watch Video Walkthrough")');
    await page.locator('main').getByRole('button', { name: 'Watch Video Walkthrough' }).first().click();
    releaseTheCode();
    const dialog = page.getByRole('dialog', { name: 'Vehicle Video Walkthrough' });
    await dialog.waitFor();
    expect(await dialog.locator('video').getAttribute('src')).toBe(vehicle.videos[0]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Copy VIN tapped before the code has run copies the VIN', async () => {
    const vehicle = vehicles[2]!;
    const { page, context, errors, releaseTheCode } = await openThrottled();
    await firstPaint(page, `/vehicle/${vehicle.id}`, 'main button[aria-label="Copy VIN"]');
    await page.locator('main').getByRole('button', { name: 'Copy VIN' }).click();
    releaseTheCode();
    await toast(page, 'VIN copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(vehicle.vin);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a reader who scrolled before the code has run stays where they are, and a tap there lands', async () => {
    const vehicle = vehicles[3]!;
    const { page, context, errors, releaseTheCode } = await openThrottled();
    await firstPaint(page, `/vehicle/${vehicle.id}`, 'main button:has-text("Share")');
    // Down to Share, below the gallery, before the app has attached.
    const share = page.locator('main').getByRole('button', { name: 'Share', exact: true });
    await share.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(100);
    releaseTheCode();
    // Waits for the app on purpose: what is checked is what attaching does to the scroll position.
    await appIsReady(page);
    // Attaching did not move the page (it used to jump to the top: the gallery came under the tap).
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await share.click();
    await toast(page, 'Link copied');
    // A page opened inside the app, from the foot of this one, still starts at its top.
    await page.locator('footer').getByRole('link', { name: 'Upload Vehicle' }).click();
    await page.waitForURL('**/upload');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the inventory at first paint, on a throttled phone', () => {
  const titles = (page: Page) => page.getByTestId('vehicle-card').locator('h3').allInnerTexts();

  it("says it works only once React has attached to the page's own controls (issue #46)", async () => {
    const { page, context, errors, releaseTheCode } = await openThrottled();
    // What is attached at the very moment data-app-ready is set (a mutation observer's callback
    // runs before any later task could hydrate more). It was set as the app's frame committed,
    // before the page inside the routes' boundary: the first keystroke then hydrated the page
    // inside the event.
    await page.addInitScript(() => {
      const attached = (selector: string) => {
        const el = document.querySelector(selector);
        return el !== null && Object.keys(el).some((key) => key.startsWith('__reactFiber'));
      };
      new MutationObserver(() => {
        const w = window as unknown as { attachedAtReady?: Record<string, boolean> };
        if (document.documentElement.dataset.appReady !== 'true' || w.attachedAtReady) return;
        w.attachedAtReady = {
          search: attached('#inventory-search'),
          sort: attached('#inventory-sort'),
          view: attached('[aria-label="Grid view"], [aria-label="List view"]'),
        };
        // The document, not <html>: this runs before the parser has made <html>.
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app-ready'] });
    });
    await firstPaint(page, '/inventory', '#inventory-search');
    releaseTheCode();
    await appIsReady(page);
    expect(
      await page.evaluate(() => (window as unknown as { attachedAtReady?: unknown }).attachedAtReady),
    ).toEqual({ search: true, sort: true, view: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Buy Now on a card tapped before the code has run opens its purchase dialog (the card hydrates first)', async () => {
    const { page, context, errors, releaseTheCode } = await openThrottled();
    await firstPaint(page, '/inventory', '[data-testid="vehicle-card"] button:has-text("Buy Now")');
    // The second card: a part of the page that hydrates on its own, after the list (ADR 0049); the
    // replayed tap makes React hydrate it at once and then handle the tap.
    const card = page.getByTestId('vehicle-card').nth(1);
    const title = await card.locator('h3').innerText();
    const buyNow = card.locator('button', { hasText: 'Buy Now' });
    await buyNow.click();
    expect(await buyNow.getAttribute('data-tap-pending')).toBe('');
    releaseTheCode();
    const dialog = page.getByRole('dialog', { name: 'Buy Now' });
    await dialog.waitFor();
    await expect.poll(() => dialog.innerText()).toContain(title);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a search typed before the code has run is searched', async () => {
    const { page, context, errors, releaseTheCode } = await openThrottled();
    await firstPaint(page, '/inventory', '#inventory-search');
    const make = vehicles.some((v) => v.make === 'Kia') ? 'Kia' : vehicles.find((v) => v.make)!.make!;
    const expected = vehicles.filter((v) => v.make === make).length;
    await page.locator('#inventory-search').pressSequentially(make.toLowerCase());
    releaseTheCode();
    await page.waitForURL((url) => url.searchParams.get('q') === make.toLowerCase());
    const count = page.getByTestId('result-count');
    await expect
      .poll(() => count.innerText(), { timeout: 20_000 })
      .toBe(expected === 1 ? '1 vehicle' : `${expected} vehicles`);
    for (const title of await titles(page)) expect(title).toContain(make);
    expect(await page.locator('#inventory-search').inputValue()).toBe(make.toLowerCase());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a sort chosen before the code has run sorts the list', async () => {
    const { page, context, errors, releaseTheCode } = await openThrottled();
    await firstPaint(page, '/inventory', '#inventory-sort');
    await page.locator('#inventory-sort').selectOption('price-asc');
    releaseTheCode();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-asc');
    const cheapest = Math.min(...vehicles.map((v) => Number(v.price)));
    const firstPrice = page.getByTestId('vehicle-card').first().getByTestId('price');
    await expect
      .poll(async () => Number((await firstPrice.innerText()).replace(/[$,]/g, '')), { timeout: 20_000 })
      .toBe(Math.round(cheapest));
    expect(await page.locator('#inventory-sort').inputValue()).toBe('price-asc');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a certification and a grade chosen before the code has run filter the list', async () => {
    const { page, context, errors, releaseTheCode } = await openThrottled();
    await firstPaint(page, '/inventory', '#inventory-grade');
    // The certification with more graded vehicles, so the filtered list is not empty.
    const graded = (isAuction: boolean) =>
      vehicles.filter(
        (v) => (v.condition === AUCTION_CERTIFIED) === isAuction && v.grade !== null && v.grade >= 2,
      );
    const cert = graded(true).length >= graded(false).length ? 'auction' : 'premium';
    const expected = graded(cert === 'auction').length;
    await page.locator('#inventory-certification').selectOption(cert);
    await page.locator('#inventory-grade').selectOption('2');
    releaseTheCode();
    await page.waitForURL(
      (url) => url.searchParams.get('cert') === cert && url.searchParams.get('grade') === '2',
    );
    const count = page.getByTestId('result-count');
    await expect
      .poll(() => count.innerText(), { timeout: 20_000 })
      .toBe(expected === 1 ? '1 vehicle' : `${expected} vehicles`);
    expect(await page.locator('#inventory-certification').inputValue()).toBe(cert);
    expect(await page.locator('#inventory-grade').inputValue()).toBe('2');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Show more focused before the code has run hands the focus to the first new card', async () => {
    const { page, context, errors, releaseTheCode } = await openThrottled();
    await firstPaint(page, '/inventory', 'button:has-text("Show more")');
    // A keyboard user reaches the button (which scrolls it into view) while the code is on its way.
    await page.getByRole('button', { name: 'Show more' }).focus();
    releaseTheCode();
    // The app attaches and, the list's end being near, loads the next page by itself: the button
    // goes away, and the focus goes to the first new card instead of being dropped on the page.
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="vehicle-card"]').length === n,
      vehicles.length,
      { timeout: 30_000 },
    );
    const twentyFifth = await page.getByTestId('vehicle-card').nth(24).locator('h3').innerText();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`View details for ${twentyFifth}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
