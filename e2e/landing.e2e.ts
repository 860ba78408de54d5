import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../contracts/brand';
import { baseUrl, openPage } from './support/browser-page';
import { DESKTOP, launchChromium, PHONE, releaseChromium } from './support/chromium';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => releaseChromium(browser));

const SPEC_TEXTS = [
  'Your Buyer. Replaced.',
  'View Listings',
  'Text Us Now',
  "Skip the forms. Let's talk.",
  'Trusted by Industry Leaders',
  'Publicly Traded',
  'National Chain',
  'Fortune 500',
  '20+ More Dealer Partners',
  'Zero Downtime Costs',
  'Custom Reconditioning Control',
  'Floor Plan Ready, Front Line Faster',
  'From Buyer Headaches to Buyer-Free Operations',
  'Buy Here Pay Here',
  'Franchise',
  'Independent',
  'We Source & Buy',
  'Custom Reconditioning',
  'Certified Delivery',
  'Ready to Replace Your Buyer?',
  'Already a dealer? Access your portal',
];

describe('app shell', () => {
  it('is painted before the JavaScript runs and is exactly what the app renders around a page', async () => {
    const layoutHead = () => {
      const layout = document.querySelector('#root > div')!.outerHTML;
      return layout.slice(0, layout.indexOf('<main'));
    };
    for (const viewport of [PHONE, DESKTOP]) {
      const noScript = await browser.newContext({ viewport, javaScriptEnabled: false });
      const shellPage = await noScript.newPage();
      await shellPage.goto(`${baseUrl()}/dealer/login`);
      const shell = await shellPage.evaluate(layoutHead);
      // Without JavaScript the header works: the brand, and links that load the pages.
      await expect(
        shellPage.getByRole('link', { name: DEFAULT_BRAND.productName }).getAttribute('href'),
      ).resolves.toBe('/');
      const shellBox = await shellPage.locator('header').boundingBox();
      await noScript.close();

      const { page, context, errors } = await openPage(browser, viewport);
      await page.goto('/dealer/login');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(layoutHead)).toBe(shell);
      expect(await page.locator('header').boundingBox()).toEqual(shellBox);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('landing page', () => {
  it('shows every text of docs/product.md §1 with working calls to action', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const text = await page.locator('main').innerText();
    for (const expected of SPEC_TEXTS) expect(text, expected).toContain(expected);
    await expect(page.title()).resolves.toBe('Deal Machine | Your Buyer. Replaced.');

    const textUs = page.getByRole('link', { name: 'Text Us Now' });
    expect(await textUs.count()).toBe(2);
    expect(await textUs.first().getAttribute('href')).toBe(`sms:${DEFAULT_BRAND.phoneE164}`);
    expect(
      await page.getByRole('link', { name: 'Already a dealer? Access your portal' }).getAttribute('href'),
    ).toBe('/dealer/login');
    await page.getByRole('main').getByRole('link', { name: 'View Listings' }).first().click();
    await page.waitForURL('**/inventory');
    await page.getByRole('heading', { level: 1, name: 'Vehicle Listings' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has the header and footer of docs/product.md §2 with full labels on desktop', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Browse Inventory' }).click();
    await page.waitForURL('**/inventory');
    await nav.getByRole('link', { name: 'Dealer Portal' }).click();
    await page.waitForURL('**/dealer/login');
    await page.getByRole('banner').getByRole('link', { name: 'Deal Machine' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const footer = page.getByRole('contentinfo');
    await expect(footer.innerText()).resolves.toContain('© 2025 Deal Machine Wholesale Auto Marketplace.');
    expect(await footer.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin/login');
    await footer.getByRole('link', { name: 'Upload Vehicle' }).click();
    await page.waitForURL('**/upload');
    await expect(
      page
        .getByRole('link', { name: 'View Listings' })
        .and(page.getByTestId('floating-view-listings'))
        .isVisible(),
    ).resolves.toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uses short header labels and a floating View Listings button on a phone', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Browse', exact: true }).waitFor();
    await expect(nav.getByRole('link', { name: 'Portal', exact: true }).isVisible()).resolves.toBe(true);
    await expect(nav.getByText('Browse Inventory').isVisible()).resolves.toBe(false);
    const floating = page.getByTestId('floating-view-listings');
    await expect(floating.isVisible()).resolves.toBe(true);
    const box = await floating.boundingBox();
    expect(box!.x + box!.width).toBeGreaterThan(PHONE.width - 40);
    expect(box!.y + box!.height).toBeGreaterThan(PHONE.height - 40);
    // It stays put while the page scrolls.
    await page.mouse.wheel(0, 2000);
    await page.waitForFunction(() => window.scrollY > 0);
    const after = await floating.boundingBox();
    expect(after!.y).toBeCloseTo(box!.y, 0);
    await floating.click();
    await page.waitForURL('**/inventory');
    // Nothing overflows the phone's width.
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('routing', () => {
  it('shows the 404 page with the spec texts for unknown paths', async () => {
    // The page itself is answered 404 (crawlers see a real not-found page); Chromium logs that.
    const { page, context, errors } = await openPage(browser, DESKTOP, {
      expectedFailures: [{ path: '/no/such/page', status: 404 }],
    });
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await expect(page.getByText('Did you forget to add the page to the router?').isVisible()).resolves.toBe(
      true,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves deep links and every route of the spec table', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    for (const path of [
      '/inventory',
      '/vehicle/12',
      '/admin/login',
      '/admin',
      '/upload',
      '/dealer/login',
      '/dealer/dashboard',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect(page.getByText('404 Page Not Found').count(), path).resolves.toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers unknown API paths with JSON', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    const response = await page.goto('/api/nothing-here');
    expect(response?.status()).toBe(404);
    expect(await response?.json()).toMatchObject({ code: 'NOT_FOUND' });
    await context.close();
  });
});
