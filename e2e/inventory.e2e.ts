import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../contracts/brand';
import { AUCTION_CERTIFIED } from '../contracts/limits';
import type { PublicVehicle } from '../contracts/vehicle';
import { startAppServer } from './support/app-server';
import { appIsReady, baseUrl, openPage } from './support/browser-page';
import { DESKTOP, launchChromium, PHONE, releaseChromium, TABLET } from './support/chromium';

const PREMIUM = `${DEFAULT_BRAND.productName} Certified`;

let browser: Browser;
let vehicles: PublicVehicle[];
beforeAll(async () => {
  browser = await launchChromium();
  const response = await fetch(`${baseUrl()}/api/vehicles`);
  vehicles = (await response.json()) as PublicVehicle[];
  // The journeys below need the demo marketplace: enough vehicles, both certifications, videos.
  expect(vehicles.length).toBeGreaterThan(24);
});
afterAll(() => releaseChromium(browser));

const titleOf = (v: PublicVehicle) => `${v.year} ${v.make} ${v.model}`;
const cards = (page: Page) => page.getByTestId('vehicle-card');

interface CardView {
  title: string;
  price: string;
  mileage: string;
  vin: string;
  badge: string;
}

/** What each rendered card shows, in page order. */
const readCards = (page: Page): Promise<CardView[]> =>
  cards(page).evaluateAll((elements) =>
    elements.map((card) => ({
      title: card.querySelector('h3')?.textContent ?? '',
      price: card.querySelector('[data-testid="price"]')?.textContent ?? '',
      mileage: card.querySelector('[data-testid="mileage"]')?.textContent ?? '',
      vin: card.querySelector('[data-testid="vin"]')?.textContent ?? '',
      badge:
        [...card.querySelectorAll('span')].find((s) => s.textContent?.endsWith('Certified'))?.textContent ??
        '',
    })),
  );

/**
 * Presses 'Show more' until every result is on the page. Scrolling to the button may load the
 * next page by itself (the button then says 'Loading…' and goes at the end), so a click that finds
 * no button is fine.
 */
async function showAll(page: Page) {
  const button = page.getByRole('button', { name: /^(Show more|Loading…|Retry)$/ });
  for (let i = 0; i < 300; i++) {
    // Read the button once the shown results are the search's (not a render on its way).
    await resultsSettled(page);
    if ((await button.count()) === 0) break;
    // A page that failed to load is a defect here, not something to retry past.
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await page
      .getByRole('button', { name: 'Show more' })
      .click({ timeout: 2000 })
      .catch(() => undefined);
  }
  expect(await button.count()).toBe(0);
  expect(await page.getByTestId('shown-count').innerText()).toBe('');
}

/** Opens /inventory (optionally with a query string) and waits for the cards. */
async function openInventory(page: Page, search = '') {
  await page.goto(`/inventory${search}`);
  await page.getByRole('heading', { level: 1, name: 'Vehicle Listings' }).waitFor();
  // The results (or the empty/error state) are shown once the section is no longer busy.
  await page.locator('section[aria-labelledby="results-heading"][aria-busy="false"]').waitFor();
}

/** Waits until the results of the latest search, filter or sort are on the page (not the previous ones, marked busy). */
const resultsSettled = (page: Page) =>
  page.locator('section[aria-labelledby="results-heading"][aria-busy="false"]').waitFor();

async function waitForCount(page: Page, expected: number) {
  await page
    .getByTestId('result-count')
    .filter({ hasText: new RegExp(`^${expected} vehicles?$`) })
    .waitFor();
}

const dollars = (text: string) => (text === 'N/A' ? null : Number(text.replace(/[$,]/g, '')));
const miles = (text: string) => (text === 'N/A' ? null : Number(text.replace(/[^0-9]/g, '')));

/** True when the values are in order with every null after every number. */
function isOrdered(values: (number | null)[], direction: 'asc' | 'desc') {
  const firstNull = values.indexOf(null);
  const numbers = firstNull === -1 ? values : values.slice(0, firstNull);
  if (firstNull !== -1 && values.slice(firstNull).some((v) => v !== null)) return false;
  return (numbers as number[]).every((v, i, all) =>
    i === 0 ? true : direction === 'asc' ? all[i - 1]! <= v : all[i - 1]! >= v,
  );
}

describe('Vehicle Listings page', () => {
  it('is in the HTML with its first page of cards, before any script runs', async () => {
    // Without JavaScript: what the server sent is the page (server rendering, ADR 0016).
    const context = await browser.newContext({
      viewport: PHONE,
      baseURL: baseUrl(),
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto('/inventory?sort=price-asc');
    expect(await page.getByTestId('result-count').innerText()).toBe(`${vehicles.length} vehicles`);
    const prices = await page.getByTestId('price').allTextContents();
    expect(prices).toHaveLength(24);
    expect(isOrdered(prices.map(dollars), 'asc')).toBe(true);
    expect(await page.getByText(`Showing 24 of ${vehicles.length} vehicles`).count()).toBe(1);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price-asc');
    await context.close();
  });

  it('shows the title, subtitle, certification explainer and six skeleton cards while loading', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/vehicles/search*', async (route) => {
      await held;
      await route.continue();
    });
    // Arriving from another page of the app, the list is asked for by the browser.
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Browse Inventory' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Vehicle Listings' }).waitFor();
    await page.getByTestId('vehicle-card-skeleton').first().waitFor();
    expect(await page.getByTestId('vehicle-card-skeleton').count()).toBe(6);
    release();
    await cards(page).first().waitFor();
    expect(await page.getByTestId('vehicle-card-skeleton').count()).toBe(0);

    const main = await page.locator('main').innerText();
    expect(main).toContain('Certified wholesale vehicles from trusted dealers');
    const levels = page.getByRole('region', { name: 'Certification levels' });
    await expect(levels.innerText()).resolves.toMatch(
      /Deal Machine Certified[\s\S]*Comprehensive inspection/,
    );
    await expect(levels.innerText()).resolves.toMatch(
      /Auction Certified[\s\S]*Basic inspection from auction sources/,
    );
    const docs = levels.getByRole('link', { name: /Certification documentation/ });
    expect(await docs.getAttribute('href')).toBe(DEFAULT_BRAND.certificationDocsUrl);
    expect(await docs.getAttribute('target')).toBe('_blank');
    expect(await docs.getAttribute('rel')).toBe('noopener noreferrer');
    await expect(page.title()).resolves.toBe('Vehicle Listings | Deal Machine');
    const search = page.getByRole('searchbox', { name: 'Search vehicles' });
    expect(await search.getAttribute('placeholder')).toBe('Search by make, model, or year');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows every card field of the spec and no sold vehicle', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await openInventory(page);
    await waitForCount(page, vehicles.length);
    await showAll(page);
    const shown = await readCards(page);
    expect(shown).toHaveLength(vehicles.length);
    const camry = vehicles.find((v) => v.make === 'Toyota' && v.model === 'Camry')!;
    const card = cards(page).filter({ has: page.getByRole('heading', { name: titleOf(camry) }) });
    // Cards far from the screen are not laid out (content-visibility), so read it where a user
    // would: scrolled to, once the browser has rendered it.
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => card.innerText()).toContain(camry.vin);
    const text = await card.innerText();
    expect(text).toContain('$21,450');
    expect(text).toContain('38,214 miles');
    expect(text).toContain(camry.trim!);
    expect(text).toContain(PREMIUM);
    expect(text).toContain(camry.description!.slice(0, 20));
    await card.getByRole('button', { name: 'Buy Now' }).waitFor();
    await card.getByRole('button', { name: 'Make Offer' }).waitFor();
    // The description is clamped to two lines.
    const clamp = await card
      .getByTestId('description')
      .evaluate((el) => getComputedStyle(el).getPropertyValue('-webkit-line-clamp'));
    expect(clamp).toBe('2');

    // Sold vehicles have no card: the ids of the sold and removed demo vehicles are not on the page.
    const listedIds = new Set(vehicles.map((v) => v.id));
    const ids = await cards(page).evaluateAll((els) =>
      els.map((el) => Number(el.getAttribute('data-vehicle-id'))),
    );
    expect(ids.every((id) => listedIds.has(id))).toBe(true);
    // That no sold, removed or queued vehicle is ever listed is the server's rule:
    // vehicle-search.test 'never shows a queued, pending, sold or removed vehicle, to anyone'.
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches make, model, year and VIN as the user types, in any case, and keeps the search in the URL', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await openInventory(page);
    await cards(page).first().waitFor();
    const search = page.getByRole('searchbox', { name: 'Search vehicles' });

    // One mixed-case search on screen; matching (any case, models, years, VINs) is
    // vehicle-search.test's ('tolerates typos…in any case', 'finds a VIN by its start…').
    const toyotas = vehicles.filter((v) => v.make === 'Toyota');
    await search.pressSequentially('tOyOtA');
    await waitForCount(page, toyotas.length);
    expect(await search.inputValue()).toBe('tOyOtA');
    expect((await readCards(page)).map((c) => c.title).sort()).toEqual(toyotas.map(titleOf).sort());

    // The search reaches the URL once typing pauses, so a reload keeps it.
    await page.waitForURL((url) => url.searchParams.get('q') === 'tOyOtA');
    await page.reload();
    await waitForCount(page, toyotas.length);
    expect(await search.inputValue()).toBe('tOyOtA');

    // Clearing shows everything again.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await waitForCount(page, vehicles.length);
    await page.waitForURL((url) => !url.searchParams.has('q'));
    // The header's 'Browse Inventory' link starts over with an empty search.
    await search.fill('honda');
    await page.waitForURL((url) => url.searchParams.get('q') === 'honda');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Browse Inventory' })
      .click();
    await page.waitForURL((url) => url.search === '');
    await waitForCount(page, vehicles.length);
    expect(await search.inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the search empty state with the spec texts', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await openInventory(page);
    await page.getByRole('searchbox', { name: 'Search vehicles' }).fill('no such car zzz');
    await page.getByText('No vehicles found', { exact: true }).waitFor();
    await page.getByText('Try adjusting your search criteria', { exact: true }).waitFor();
    expect(await cards(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await cards(page).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters by certification', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await openInventory(page);
    await cards(page).first().waitFor();
    const filter = page.getByLabel('Certification', { exact: true });
    // The spec's choices, each with how many it lists (the search's facets).
    const auction = vehicles.filter((v) => v.condition === AUCTION_CERTIFIED);
    const premium = vehicles.filter((v) => v.condition === PREMIUM);
    expect(await filter.locator('option').allTextContents()).toEqual([
      'All Listings',
      `${PREMIUM} (${premium.length})`,
      `${AUCTION_CERTIFIED} (${auction.length})`,
    ]);

    await filter.selectOption('auction');
    await waitForCount(page, auction.length);
    expect((await readCards(page)).every((c) => c.badge === AUCTION_CERTIFIED)).toBe(true);

    await filter.selectOption('premium');
    expect(premium.length).toBeGreaterThan(0);
    await waitForCount(page, premium.length);
    // What the filter keeps is vehicle-search.test 'filters by certification'.
    expect(new URL(page.url()).searchParams.get('cert')).toBe('premium');

    await page.reload();
    await waitForCount(page, premium.length);
    expect(await filter.inputValue()).toBe('premium');
    await filter.selectOption('all');
    await waitForCount(page, vehicles.length);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters by make, most price and distance from a ZIP on a phone, through the form, into the URL', async () => {
    const { page, context, errors } = await openPage(browser, { width: 390, height: 844 });
    await openInventory(page);
    // The make with the most cars, at most the price of its second dearest: some of its cars, not all.
    const carsOf = (name: string | null) => vehicles.filter((v) => v.make === name);
    const make = [...new Set(vehicles.map((v) => v.make))].sort(
      (a, b) => carsOf(b).length - carsOf(a).length,
    )[0]!;
    const ofMake = carsOf(make);
    const prices = ofMake.map((v) => Number(v.price)).sort((a, b) => a - b);
    const maxPrice = prices.at(-2)!;
    const expected = ofMake.filter((v) => Number(v.price) <= maxPrice);
    await page.locator('summary', { hasText: 'Filters' }).click();
    await page.getByLabel('Make', { exact: true }).selectOption(make);
    await page.getByLabel('Max price').fill(String(maxPrice));
    // The demo's cars stand at the lot (Grand Prairie, TX): within 50 road miles of Dallas.
    await page.getByLabel('Distance').selectOption('50');
    await page.getByLabel('From ZIP').fill('75201');
    // The typed fields reach the URL once typing pauses, as the search box does.
    await page.waitForURL((url) => url.searchParams.get('zip') === '75201');
    await waitForCount(page, expected.length);
    const url = new URL(page.url()).searchParams;
    expect([url.get('make'), url.get('priceMax'), url.get('within'), url.get('zip')]).toEqual([
      make,
      String(maxPrice),
      '50',
      '75201',
    ]);
    expect(await page.getByTestId('filter-summary').innerText()).toContain('within 50 mi of Dallas, TX');
    for (const card of await readCards(page)) {
      expect(card.title).toContain(make);
      expect(dollars(card.price)).toBeLessThanOrEqual(maxPrice);
    }
    // The address is the search: the server renders it, and the page takes over without a mismatch.
    await page.reload();
    await waitForCount(page, expected.length);
    // New York is beyond 50 miles of the lot.
    await page.locator('summary', { hasText: 'Filters' }).click();
    await page.getByLabel('From ZIP').fill('10001');
    await page.getByRole('heading', { name: 'No vehicles found' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sorts newest first by default, then by price both ways and by mileage', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await openInventory(page);
    await cards(page).first().waitFor();
    const sort = page.getByLabel('Sort by');
    expect(await sort.locator('option').allTextContents()).toEqual([
      'Newest First',
      'Price: Low to High',
      'Price: High to Low',
      'Mileage: Low to High',
    ]);

    // The first page is in each order; the order of every page is vehicle-search.test
    // 'pages through 250 vehicles 50 at a time, each once, in %s order'.
    const years = (await readCards(page)).map((c) => Number(c.title.slice(0, 4)));
    expect(years).toHaveLength(24);
    expect(isOrdered(years, 'desc')).toBe(true);
    expect(new Set(years).size).toBeGreaterThan(1);

    const cases = [
      {
        label: 'Price: Low to High',
        value: 'price-asc',
        read: (c: CardView) => dollars(c.price),
        direction: 'asc',
      },
      {
        label: 'Price: High to Low',
        value: 'price-desc',
        read: (c: CardView) => dollars(c.price),
        direction: 'desc',
      },
      {
        label: 'Mileage: Low to High',
        value: 'mileage-asc',
        read: (c: CardView) => miles(c.mileage),
        direction: 'asc',
      },
    ] as const;
    for (const { label, value, read, direction } of cases) {
      await sort.selectOption({ label });
      await page.waitForURL((url) => url.searchParams.get('sort') === value);
      await resultsSettled(page);
      await expect
        .poll(
          async () => {
            const values = (await readCards(page)).map(read);
            return values.length === 24 && isOrdered(values, direction);
          },
          { message: label },
        )
        .toBe(true);
    }
    // The sort survives a reload.
    await page.reload();
    await cards(page).first().waitFor();
    expect(await sort.inputValue()).toBe('mileage-asc');
    // Back leaves this document for the one before the reload: it does so once the app has
    // attached here (leaving mid-hydration logged a recoverable hydration error, see the closing
    // note of 2026-11-25; a person reads the page before going back).
    await appIsReady(page);
    // Each sort chosen is a step back: Back returns to the one before, list and all.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-desc');
    await expect.poll(() => sort.inputValue()).toBe('price-desc');
    await resultsSettled(page);
    const back = (await readCards(page)).map((c) => dollars(c.price));
    expect(isOrdered(back, 'desc')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pages through the results from the server, 24 at a time, keeping the keyboard focus', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/vehicles')) asked.push(new URL(request.url()).pathname);
    });
    await openInventory(page);
    // The first page came with the HTML: the app asked for no list.
    expect(asked).toEqual([]);
    expect(await cards(page).count()).toBe(24);
    const progress = page.getByText(`Showing 24 of ${vehicles.length} vehicles`);
    expect(await progress.getAttribute('role')).toBe('status');
    // The keyboard: 'Show more' loads the next page and moves focus to its first card.
    const more = page.getByRole('button', { name: 'Show more' });
    // A person reads the first page before pressing: the button acts once the app has attached
    // (pressed before, it did nothing and the focus stayed where it was; it failed so under load).
    await appIsReady(page);
    const readyBefore = await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'));
    await more.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="vehicle-card"]').length === n,
      vehicles.length,
    );
    const twentyFifth = (await readCards(page))[24]!.title;
    // The focus moves once the new cards are on the screen (an effect after their render, which
    // may come a frame after the cards are counted here): asked until it has.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await expect
      .poll(focused)
      .toBe(`View details for ${twentyFifth}`)
      .catch(async (error) => {
        // Where the focus is, should it not be on that card (it failed now and then under load).
        const where = await page.evaluate(
          () => `${document.activeElement?.tagName} "${document.activeElement?.textContent?.slice(0, 40)}"`,
        );
        throw new Error(`focus on ${where}, ready before: ${readyBefore}: ${error}`);
      });
    expect(await more.count()).toBe(0);
    expect(asked).toEqual(['/api/vehicles/search']);
    // Every vehicle once, in the default order (newest model year first).
    const shown = await readCards(page);
    expect(new Set(shown.map((c) => c.vin)).size).toBe(vehicles.length);
    expect(
      isOrdered(
        shown.map((c) => Number(c.title.slice(0, 4))),
        'desc',
      ),
    ).toBe(true);

    // Scrolling near the end loads the next page by itself.
    await page.getByRole('searchbox', { name: 'Search vehicles' }).fill('');
    await page.getByLabel('Sort by').selectOption({ label: 'Price: High to Low' });
    await resultsSettled(page);
    expect(await cards(page).count()).toBe(24);
    await page.mouse.wheel(0, 20_000);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="vehicle-card"]').length === n,
      vehicles.length,
    );
    const prices = (await readCards(page)).map((c) => dollars(c.price));
    expect(isOrdered(prices, 'desc')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lays the grid out in 1, 2 and 3 columns by width, and switches to a list', async () => {
    const columns = async (page: Page) => {
      const boxes = await cards(page).evaluateAll((els) =>
        els.slice(0, 6).map((el) => Math.round(el.getBoundingClientRect().x)),
      );
      return new Set(boxes).size;
    };
    for (const [viewport, expected] of [
      [PHONE, 1],
      [TABLET, 2],
      [DESKTOP, 3],
    ] as const) {
      const { page, context, errors } = await openPage(browser, viewport);
      await openInventory(page);
      await cards(page).nth(5).waitFor();
      expect(await columns(page), `${viewport.width}px`).toBe(expected);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      expect(errors).toEqual([]);
      await context.close();
    }

    const { page, context, errors } = await openPage(browser, DESKTOP);
    await openInventory(page);
    await cards(page).nth(5).waitFor();
    const grid = page.getByRole('button', { name: 'Grid view' });
    const list = page.getByRole('button', { name: 'List view' });
    expect(await grid.getAttribute('aria-pressed')).toBe('true');
    expect(await list.getAttribute('aria-pressed')).toBe('false');
    await list.click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'list');
    expect(await list.getAttribute('aria-pressed')).toBe('true');
    // The pressed button paints first; the results follow in a deferred render (issue #46).
    await page.locator('[data-testid="vehicle-results"][data-view="list"]').waitFor();
    expect(await grid.getAttribute('aria-pressed')).toBe('false');
    expect(await columns(page)).toBe(1);
    // A list card puts its picture beside the text.
    const first = cards(page).first();
    const picture = await first.locator('[role="img"], img').first().boundingBox();
    const heading = await first.getByRole('heading').boundingBox();
    expect(heading!.x).toBeGreaterThan(picture!.x + picture!.width - 1);
    await page.reload();
    await cards(page).first().waitFor();
    expect(await list.getAttribute('aria-pressed')).toBe('true');
    await grid.click();
    await page.waitForURL((url) => !url.searchParams.has('view'));
    await page.locator('[data-testid="vehicle-results"][data-view="grid"]').waitFor();
    expect(await columns(page)).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows 'No vehicles available' on an empty marketplace", async () => {
    const empty = await startAppServer({ SEED_DEMO: 'false' });
    try {
      const { page, context, errors } = await openPage(browser, PHONE, { baseURL: empty.url });
      await openInventory(page);
      await page.getByText('No vehicles available', { exact: true }).waitFor();
      await page.getByText('Check back soon for new inventory', { exact: true }).waitFor();
      expect(await page.getByText('No vehicles found').count()).toBe(0);
      expect(await cards(page).count()).toBe(0);
      // With a search active on an empty marketplace, the search texts apply.
      await page.getByRole('searchbox', { name: 'Search vehicles' }).fill('toyota');
      await page.getByText('No vehicles found', { exact: true }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await empty.stop();
    }
  });

  it('shows an error with a Retry button when the list fails to load', async () => {
    // The failure is made on purpose here (503), and shown with a Retry button.
    const { page, context, errors } = await openPage(browser, PHONE, {
      expectedFailures: [{ path: '/api/vehicles/search', status: 503 }],
    });
    let fail = true;
    await page.route('**/api/vehicles/search*', (route) =>
      fail
        ? route.fulfill({ status: 503, json: { message: 'Service temporarily unavailable' } })
        : route.continue(),
    );
    await openInventory(page);
    // The first page came with the HTML; the next search is the one that fails.
    await page.getByRole('searchbox', { name: 'Search vehicles' }).fill('honda');
    const alert = page.getByRole('alert').filter({ hasText: 'We could not load the vehicles' });
    await alert.waitFor();
    await expect(alert.innerText()).resolves.toContain('Service temporarily unavailable');
    fail = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await cards(page).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('vehicle card actions', () => {
  it("copies the VIN and says 'VIN Copied!'", async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await openInventory(page);
    const card = cards(page).first();
    const vin = (await readCards(page))[0]!.vin;
    await card.getByRole('button', { name: 'Copy VIN' }).click();
    await page.getByText('VIN Copied!', { exact: true }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(vin);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says 'Failed to copy VIN to clipboard' and selects the VIN when the clipboard refuses", async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
      });
    });
    await openInventory(page);
    await cards(page).first().getByRole('button', { name: 'Copy VIN' }).click();
    const toast = page.getByText('Failed to copy VIN to clipboard', { exact: true });
    await toast.waitFor();
    expect(await page.getByText('VIN Copied!').count()).toBe(0);
    // The VIN is selected instead, for the system's own Copy (ADR 0020).
    const vin = await cards(page).first().getByTestId('vin').innerText();
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(vin);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("plays the walkthrough in the 'Vehicle Video Walkthrough' dialog without preloading", async () => {
    const withVideo = vehicles.find((v) => /\.(mp4|mov|webm)\b/i.test(v.videos[0] ?? ''));
    expect(withVideo, 'a demo vehicle with a video').toBeDefined();
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await openInventory(page, `?q=${withVideo!.vin}`);
    await waitForCount(page, 1);
    // No video element on the page until asked for.
    expect(await page.locator('video').count()).toBe(0);
    const trigger = page.getByRole('button', { name: `Play video walkthrough of ${titleOf(withVideo!)}` });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Vehicle Video Walkthrough' });
    await dialog.waitFor();
    const video = dialog.locator('video');
    expect(await video.getAttribute('preload')).toBe('none');
    expect(await video.getAttribute('controls')).not.toBeNull();
    expect(await video.getAttribute('src')).toBe(withVideo!.videos[0]);
    expect(await video.getAttribute('poster')).toBe(withVideo!.videoThumbnails[0]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the card; Escape closes too.
    // The dialog hands the focus back in a task after it closes: wait for it, briefly.
    await expect
      .poll(() => trigger.evaluate((el) => el === document.activeElement), { timeout: 2000 })
      .toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the Buy Now and Make Offer dialogs of the card, named after the vehicle', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await openInventory(page);
    const card = cards(page).first();
    const { title } = (await readCards(page))[0]!;
    for (const name of ['Buy Now', 'Make Offer']) {
      const trigger = card.getByRole('button', { name });
      await trigger.click();
      const dialog = page.getByRole('dialog', { name });
      await dialog.waitFor();
      await expect(dialog.innerText()).resolves.toContain(title);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // The dialog hands the focus back in a task after it closes: wait for it, briefly.
      await expect
        .poll(() => trigger.evaluate((el) => el === document.activeElement), { timeout: 2000 })
        .toBe(true);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links each card to its detail page with an accessible name', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await openInventory(page);
    const first = (await readCards(page))[0]!;
    const link = page.getByRole('link', { name: `View details for ${first.title}` });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/vehicle\/\d+$/);
    await link.click();
    await page.waitForURL(`**${href}`);
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    await expect(page.locator('main').innerText()).resolves.toContain(first.vin);
    expect(errors).toEqual([]);
    await context.close();
  });
});
