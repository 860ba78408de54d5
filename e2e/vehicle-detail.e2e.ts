import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../contracts/brand';
import type { PublicVehicle } from '../contracts/vehicle';
import { baseUrl, openFromTheApp, openPage } from './support/browser-page';
import { DESKTOP, launchChromium, PHONE, releaseChromium } from './support/chromium';

let browser: Browser;
let vehicles: PublicVehicle[];
beforeAll(async () => {
  browser = await launchChromium();
  vehicles = (await (await fetch(`${baseUrl()}/api/vehicles`)).json()) as PublicVehicle[];
  expect(vehicles.length).toBeGreaterThan(0);
});
afterAll(() => releaseChromium(browser));

const titleOf = (v: PublicVehicle) => `${v.year} ${v.make} ${v.model}`;
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const withVideo = () => {
  const vehicle = vehicles.find((v) => /\.(mp4|mov|webm)\b/i.test(v.videos[0] ?? '') && v.trim);
  expect(vehicle, 'a demo vehicle with a playable video and a trim').toBeDefined();
  return vehicle!;
};

/** The first id in 1..40 whose detail answers with the given status. */
async function findIdWithStatus(status: 'sold' | 'removed') {
  for (let id = 1; id <= 40; id++) {
    const response = await fetch(`${baseUrl()}/api/vehicles/${id}`);
    if (!response.ok) continue;
    const body = (await response.json()) as { status?: string };
    if (body.status === status) return id;
  }
  throw new Error(`no ${status} vehicle among ids 1..40`);
}

describe('vehicle detail', () => {
  it('shows every field of an available vehicle', async () => {
    const vehicle = withVideo();
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await page.goto(`/vehicle/${vehicle.id}`);
    await h1(page, titleOf(vehicle)).waitFor();
    await expect(page.title()).resolves.toBe(`${titleOf(vehicle)} | ${DEFAULT_BRAND.productName}`);

    const main = page.locator('main');
    const text = await main.innerText();
    expect(text).toContain(vehicle.vin);
    expect(text).toContain('Video Available');
    expect(text).toContain(vehicle.description!);
    expect(text).toContain(vehicle.condition!);
    const price = Number(vehicle.price);
    expect(await main.getByTestId('price').innerText()).toBe(`$${Math.round(price).toLocaleString('en-US')}`);
    expect(await main.getByTestId('fact-mileage').innerText()).toBe(vehicle.mileage!.toLocaleString('en-US'));
    expect(await main.getByTestId('fact-year').innerText()).toBe(String(vehicle.year));
    expect(await main.getByTestId('fact-make').innerText()).toBe(vehicle.make);
    expect(await main.getByTestId('fact-model').innerText()).toBe(vehicle.model);
    expect(await main.getByTestId('fact-trim').innerText()).toBe(vehicle.trim);
    expect(await main.getByTestId('fact-certification').innerText()).toBe(vehicle.condition);
    // A visitor signed out gets the listing only: no delivered price (a signed-in dealer's, issue #46).
    expect(await main.getByTestId('delivered-price').count()).toBe(0);

    const report = page.getByRole('region', { name: 'Inspection Report' });
    for (const [section, value] of [
      ['Exterior', vehicle.reconExterior],
      ['Mechanical', vehicle.reconMechanical],
      ['Interior', vehicle.reconInterior],
    ] as const) {
      const body = await report.getByRole('region', { name: section }).innerText();
      expect(body).toContain(value?.trim() || 'None Found');
    }
    for (const name of ['Make Offer', 'Buy Now', 'Favorite', 'Watch', 'Share', 'Copy VIN']) {
      await main.getByRole('button', { name, exact: true }).waitFor();
    }

    // The walkthrough plays in its dialog, nothing preloaded.
    expect(await page.locator('video').count()).toBe(0);
    await main.getByRole('button', { name: 'Watch Video Walkthrough' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vehicle Video Walkthrough' });
    await dialog.waitFor();
    const video = dialog.locator('video');
    expect(await video.getAttribute('preload')).toBe('none');
    expect(await video.getAttribute('src')).toBe(vehicle.videos[0]);
    expect(await video.getAttribute('poster')).toBe(vehicle.videoThumbnails[0]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Headings are in order: one h1, then h2s, then h3s inside the report.
    const levels = await main
      .locator('h1, h2, h3')
      .evaluateAll((els) => els.map((el) => Number(el.tagName.slice(1))));
    expect(levels[0]).toBe(1);
    expect(levels.every((level, i) => i === 0 || level <= levels[i - 1]! + 1)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("falls back to 'None Found', 'N/A' and no video button when fields are missing", async () => {
    const vehicle = vehicles.find((v) => !v.videos.length) ?? vehicles[0]!;
    const { page, context, errors } = await openPage(browser, PHONE);
    await page.route(`**/api/vehicles/${vehicle.id}`, (route) =>
      route.fulfill({
        json: {
          ...vehicle,
          trim: null,
          price: null,
          mileage: null,
          videos: ['https://media.example/clip.avi'],
          videoThumbnails: [],
          reconExterior: null,
          reconMechanical: '',
          reconInterior: '   ',
        },
      }),
    );
    // Opened from within the app, the page reads the vehicle from the API (the answer above).
    await openFromTheApp(page, `/vehicle/${vehicle.id}`);
    await h1(page, titleOf(vehicle)).waitFor();
    await page.locator('main').getByTestId('price').filter({ hasText: 'N/A' }).waitFor();
    const report = page.getByRole('region', { name: 'Inspection Report' });
    for (const section of ['Exterior', 'Mechanical', 'Interior']) {
      expect(await report.getByRole('region', { name: section }).innerText()).toContain('None Found');
    }
    const main = page.locator('main');
    expect(await main.getByTestId('price').innerText()).toBe('N/A');
    expect(await main.getByTestId('fact-mileage').innerText()).toBe('N/A');
    expect(await main.getByTestId('fact-trim').count()).toBe(0);
    // A video exists (so the label shows), but it is not a playable format: no dialog button.
    await main.getByText('Video Available').waitFor();
    expect(await main.getByRole('button', { name: 'Watch Video Walkthrough' }).count()).toBe(0);
    // No horizontal scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a skeleton while the vehicle loads', async () => {
    const vehicle = vehicles[0]!;
    const { page, context, errors } = await openPage(browser, PHONE);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/vehicles/${vehicle.id}`, async (route) => {
      await held;
      await route.continue();
    });
    await openFromTheApp(page, `/vehicle/${vehicle.id}`);
    await page.getByTestId('vehicle-skeleton').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    release();
    await h1(page, titleOf(vehicle)).waitFor();
    expect(await page.getByTestId('vehicle-skeleton').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says 'Vehicle Not Found' for an unknown or malformed id, with a link to /", async () => {
    // The unknown id is a 404 from the API, which the browser logs; nothing else may fail.
    const { page, context, errors } = await openPage(browser, PHONE, {
      expectedFailures: [{ path: '/api/vehicles/999999', status: 404 }],
    });
    for (const path of ['/vehicle/999999', '/vehicle/abc', '/vehicle/-3', '/vehicle/1.5']) {
      await page.goto(path);
      await h1(page, 'Vehicle Not Found').waitFor();
      const back = page.getByRole('main').getByRole('link', { name: 'Back to Listings' });
      expect(await back.getAttribute('href'), path).toBe('/');
    }
    await page.getByRole('main').getByRole('link', { name: 'Back to Listings' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says 'Vehicle No Longer Available' for a sold or a removed vehicle", async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    for (const status of ['sold', 'removed'] as const) {
      const id = await findIdWithStatus(status);
      await page.goto(`/vehicle/${id}`);
      await h1(page, 'Vehicle No Longer Available').waitFor();
      expect(await page.getByRole('button', { name: 'Buy Now' }).count(), status).toBe(0);
      expect(
        await page
          .getByRole('main')
          .getByRole('link', { name: 'Browse available vehicles' })
          .getAttribute('href'),
      ).toBe('/inventory');
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps favorites and watching across reloads, as lists of ids in localStorage', async () => {
    const [first, second] = vehicles as [PublicVehicle, PublicVehicle];
    const { page, context, errors } = await openPage(browser, PHONE);
    await page.goto(`/vehicle/${first.id}`);
    await h1(page, titleOf(first)).waitFor();
    const favorite = page.getByRole('button', { name: 'Favorite', exact: true });
    const watch = page.getByRole('button', { name: 'Watch', exact: true });
    expect(await favorite.getAttribute('aria-pressed')).toBe('false');
    expect(await watch.getAttribute('aria-pressed')).toBe('false');
    await favorite.click();
    await watch.click();
    // Taps made before the app has attached take effect once it has (ADR 0020).
    await expect.poll(() => favorite.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => watch.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');

    await page.reload();
    await h1(page, titleOf(first)).waitFor();
    // The lists are the browser's own: the page shows them once the app reads them.
    await expect.poll(() => favorite.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => watch.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');

    // Another vehicle is not affected; favoriting it adds its id.
    await page.goto(`/vehicle/${second.id}`);
    await h1(page, titleOf(second)).waitFor();
    expect(await favorite.getAttribute('aria-pressed')).toBe('false');
    await favorite.click();
    await expect.poll(() => favorite.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    const stored = await page.evaluate(() => ({
      favorites: JSON.parse(localStorage.getItem('favorites') ?? 'null'),
      watching: JSON.parse(localStorage.getItem('watching') ?? 'null'),
    }));
    expect(stored).toEqual({ favorites: [first.id, second.id], watching: [first.id] });

    // Toggling off survives a reload too.
    await page.goto(`/vehicle/${first.id}`);
    await h1(page, titleOf(first)).waitFor();
    // The server cannot know the browser's lists: the user sees 'Watch' pressed, then unpresses it.
    await expect.poll(() => watch.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await watch.click();
    await expect.poll(() => watch.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('false');
    await page.reload();
    await h1(page, titleOf(first)).waitFor();
    await expect.poll(() => favorite.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    expect(await watch.getAttribute('aria-pressed')).toBe('false');

    // Corrupt storage is tolerated.
    await page.evaluate(() => localStorage.setItem('favorites', '{oops'));
    await page.reload();
    await h1(page, titleOf(first)).waitFor();
    expect(await favorite.getAttribute('aria-pressed')).toBe('false');
    await favorite.click();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('favorites')), { timeout: 15_000 })
      .toBe(`[${first.id}]`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shares with the Web Share API when there is one, else copies the link', async () => {
    const vehicle = vehicles[0]!;
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: undefined });
    });
    await page.goto(`/vehicle/${vehicle.id}`);
    await h1(page, titleOf(vehicle)).waitFor();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByText('Link copied', { exact: true }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
      `${baseUrl()}/vehicle/${vehicle.id}`,
    );
    await context.close();

    const second = await openPage(browser, PHONE);
    await second.context.addInitScript(() => {
      const calls: unknown[] = [];
      Object.defineProperty(window, '__shareCalls', { value: calls });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: unknown) => {
          calls.push(data);
          return Promise.resolve();
        },
      });
    });
    await second.page.goto(`/vehicle/${vehicle.id}`);
    await h1(second.page, titleOf(vehicle)).waitFor();
    await second.page.getByRole('button', { name: 'Share', exact: true }).click();
    await second.page.waitForFunction(
      () => (window as unknown as { __shareCalls: unknown[] }).__shareCalls.length > 0,
    );
    const calls = await second.page.evaluate(
      () => (window as unknown as { __shareCalls: unknown[] }).__shareCalls,
    );
    expect(calls).toEqual([{ title: titleOf(vehicle), url: `${baseUrl()}/vehicle/${vehicle.id}` }]);
    expect(await second.page.getByText('Link copied').count()).toBe(0);
    expect([...errors, ...second.errors]).toEqual([]);
    await second.context.close();
  });

  it('opens the Buy Now and Make Offer dialogs from the detail page and works with the keyboard', async () => {
    const vehicle = vehicles[0]!;
    const { page, context, errors } = await openPage(browser, PHONE);
    await page.goto(`/vehicle/${vehicle.id}`);
    await h1(page, titleOf(vehicle)).waitFor();
    const buy = page.getByRole('main').getByRole('button', { name: 'Buy Now' });
    await buy.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Buy Now' });
    await dialog.waitFor();
    await expect(dialog.innerText()).resolves.toContain(titleOf(vehicle));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The dialog hands the focus back in a task after it closes: wait for it, briefly.
    await expect
      .poll(() => buy.evaluate((el) => el === document.activeElement), { timeout: 2000 })
      .toBe(true);
    await page.getByRole('main').getByRole('button', { name: 'Make Offer' }).click();
    await page.getByRole('dialog', { name: 'Make Offer' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
