import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicVehicle } from '../contracts/vehicle';
import { baseUrl, openPage } from './support/browser-page';
import { DESKTOP, launchChromium, releaseChromium } from './support/chromium';

/**
 * What a dealer on a phone sees first (issue #26): the first screen of Vehicle Listings shows a car,
 * the list view fits many cars a screen, a toast never lies over the header or a dialog's Close,
 * and the video dialog's Close does not run into its title. At 390 px (an iPhone 14's width).
 */
const PHONE_390 = { width: 390, height: 844 } as const;

let browser: Browser;
let vehicles: PublicVehicle[];
beforeAll(async () => {
  browser = await launchChromium();
  vehicles = (await (await fetch(`${baseUrl()}/api/vehicles`)).json()) as PublicVehicle[];
});
afterAll(() => releaseChromium(browser));

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
};
const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('Vehicle Listings on a phone', () => {
  it('shows a car on the first screen; the certification explainer is folded and opens on a tap', async () => {
    const { page, context, errors } = await openPage(browser, PHONE_390);
    await page.goto('/inventory');
    const firstCard = page.getByTestId('vehicle-card').first();
    await firstCard.waitFor();
    // The card's photo starts within the first screen, with room to see it.
    expect((await box(firstCard)).y).toBeLessThan(PHONE_390.height - 200);
    expect(await firstCard.locator('img').first().isVisible()).toBe(true);

    const docs = page.getByRole('link', { name: /Certification documentation/ });
    expect(await docs.isVisible()).toBe(false);
    await page.locator('summary', { hasText: 'Certification levels' }).click();
    await docs.waitFor({ state: 'visible' });
    // One copy shows: the phone's (the wide screens' section is not displayed).
    const level = page.getByText('Basic inspection from auction sources, sold as inspected.');
    expect(await level.filter({ visible: true }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists cars densely: at least five rows on a phone screen, each with its price and both actions', async () => {
    for (const viewport of [PHONE_390, DESKTOP]) {
      const { page, context, errors } = await openPage(browser, viewport);
      await page.goto('/inventory?view=list');
      const rows = page.getByTestId('vehicle-card');
      await rows.nth(5).waitFor();
      const heights = await rows.evaluateAll((els) =>
        els.slice(0, 6).map((el) => el.getBoundingClientRect().height),
      );
      // A list row is a fraction of a grid card (~560 px on a phone).
      for (const height of heights)
        expect(height, `${viewport.width}px`).toBeLessThan(viewport === DESKTOP ? 130 : 150);
      const first = rows.first();
      expect(await first.getByTestId('price').isVisible()).toBe(true);
      expect(await first.getByRole('button', { name: 'Buy Now' }).isVisible()).toBe(true);
      expect(await first.getByRole('button', { name: 'Make Offer' }).isVisible()).toBe(true);
      // Nothing runs off the side of the row (a long title is cut short, the price stays whole).
      for (const row of await rows.all()) {
        const rowBox = await box(row);
        const priceBox = await box(row.getByTestId('price'));
        expect(priceBox.x + priceBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("shows a toast at the bottom, clear of the header, and the video dialog's Close clear of its title", async () => {
    const { page, context, errors } = await openPage(browser, PHONE_390);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/inventory');
    await page.getByTestId('vehicle-card').first().waitFor();
    await page.getByRole('button', { name: 'Copy VIN' }).first().click();
    const toast = page.getByText('VIN Copied!', { exact: true });
    await toast.waitFor();
    const header = await box(page.getByRole('banner'));
    const toastBox = await box(toast);
    expect(overlaps(header, toastBox)).toBe(false);
    expect(toastBox.y).toBeGreaterThan(PHONE_390.height / 2);

    const withVideo = vehicles.find((v) => v.videos.length > 0)!;
    await page.goto(`/vehicle/${withVideo.id}`);
    await page.getByRole('button', { name: /video/i }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Vehicle Video Walkthrough' });
    await dialog.waitFor();
    const title = await box(dialog.getByRole('heading', { name: 'Vehicle Video Walkthrough' }));
    const close = await box(dialog.getByRole('button', { name: 'Close' }));
    expect(overlaps(title, close)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
