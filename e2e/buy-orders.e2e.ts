import { BUY_ORDER_TEXT, SAVED_SEARCH_TEXT } from '@contracts/buy-orders';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipientsOf, type SmtpSink, startSmtpSink } from '../server/test/smtp-sink';
import { type RunningServer, startAppServer } from './support/app-server';
import { openPage, toast } from './support/browser-page';
import { launchChromium } from './support/chromium';
import { adminToken, signInContext } from './support/sign-in';

/** The demo dealer's main contact (server/src/seed/demo-seed.ts): where its order's alerts go. */
const LAKESIDE_EMAIL = 'dana@lakesideauto.example';
const PHONE_390 = { width: 390, height: 844 } as const;

/**
 * Source to order (issue #30, DESIGN.md §13): a dealer places a buy order and saves an inventory
 * search on a phone, an admin publishes a car that matches both, the alert reaches the dealer's inbox (a real SMTP server) within
 * seconds, and the dealer buys the car from the e-mail's link; the order then reads filled.
 */
let server: RunningServer;
let browser: Browser;
let sink: SmtpSink;
let token: string;
beforeAll(async () => {
  sink = await startSmtpSink();
  [server, browser] = await Promise.all([
    startAppServer({ SMTP_URL: sink.url, NOTIFICATION_INTERVAL_MS: '300' }),
    launchChromium(),
  ]);
  token = await adminToken(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.close();
});

const admin = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });

describe('a buy order, from the phone to the purchase', () => {
  it('is placed at 390 px, alerted by e-mail when a matching car is published, and filled by buying it from the link', async () => {
    const demo = server.demoDealer!;
    const { page, context, errors } = await openPage(browser, PHONE_390, { baseURL: server.url });
    await signInContext(context, 'dealer', { dealerName: demo.dealerName, buyCode: demo.buyCode });
    await page.goto('/dealer/dashboard');
    const section = page.locator('#buy-orders');
    await section.getByRole('heading', { name: BUY_ORDER_TEXT.sectionTitle }).waitFor();

    // The dialog says what is missing before anything is sent.
    await section.getByRole('button', { name: BUY_ORDER_TEXT.newOrder }).click();
    const dialog = page.getByRole('dialog', { name: BUY_ORDER_TEXT.newOrder });
    await dialog.getByRole('button', { name: 'Place buy order' }).click();
    await dialog.getByRole('alert').filter({ hasText: BUY_ORDER_TEXT.chooseMake }).waitFor();
    await dialog.getByText(BUY_ORDER_TEXT.zip).waitFor();

    await dialog.getByLabel('Make 1', { exact: true }).selectOption('Kia');
    await dialog.getByLabel('Year from').fill('2019');
    await dialog.getByLabel('Max price').fill('$28,000');
    await dialog.getByLabel('Delivery ZIP').fill('53703');
    await dialog.getByRole('button', { name: 'Place buy order' }).click();
    await toast(page, BUY_ORDER_TEXT.created);
    await dialog.waitFor({ state: 'detached' });
    const order = section.getByRole('listitem').filter({ hasText: '2019+ Any Kia' });
    await order.getByText('up to $28,000').waitFor();
    await order.getByText('No match yet').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE_390.width);

    // A saved search from the inventory, for the same kind of car.
    await page.goto('/inventory?q=telluride');
    await page.getByRole('button', { name: SAVED_SEARCH_TEXT.save }).click();
    const saveDialog = page.getByRole('dialog', { name: SAVED_SEARCH_TEXT.save });
    await saveDialog.getByLabel('Name').fill('Tellurides');
    await saveDialog.getByRole('button', { name: SAVED_SEARCH_TEXT.save }).click();
    await toast(page, SAVED_SEARCH_TEXT.saved);

    // The admin completes a queued car as a 2021 Kia Telluride at $26,500: it matches both.
    const all = (await (await admin('/api/vehicles')).json()) as { id: number; inQueue: boolean }[];
    const queued = all.find((v) => v.inQueue)!;
    const completed = await admin(`/api/vehicles/${queued.id}`, {
      method: 'PATCH',
      body: JSON.stringify({
        status: 'active',
        inQueue: false,
        year: 2021,
        make: 'Kia',
        model: 'Telluride',
        mileage: 31000,
        price: '26500',
        condition: 'Auction Certified',
      }),
    });
    expect(completed.status, await completed.clone().text()).toBe(200);

    // The alert reaches the dealership's inbox through the outbox (beside the demo's own alerts,
    // which this start sends too).
    const alert = (m: { subject?: string | undefined }) =>
      !!m.subject?.includes('New match for buy order') && m.subject.includes('2021 Kia Telluride');
    await expect.poll(() => sink.messages.filter(alert).length, { timeout: 30_000 }).toBe(1);
    const mail = sink.messages.find(alert)!;
    expect(recipientsOf(mail)).toEqual([LAKESIDE_EMAIL]);
    expect(mail.subject).toContain('2021 Kia Telluride');
    const link = /See the car: (\S+)/.exec(mail.text ?? '')?.[1];
    expect(link).toBe(`${server.url}/vehicle/${queued.id}`);
    // The saved search's alert too (one per search and car).
    const searchAlert = (m: { subject?: string | undefined }) =>
      !!m.subject?.includes('saved search “Tellurides”') && m.subject.includes('2021 Kia Telluride');
    await expect.poll(() => sink.messages.filter(searchAlert).length, { timeout: 30_000 }).toBe(1);

    // The dealer follows the link and buys the car.
    await page.goto(link!);
    await page.getByRole('main').getByRole('button', { name: 'Buy Now' }).click();
    const buy = page.getByRole('dialog', { name: 'Buy Now' });
    await buy.getByLabel('Buy code').fill(demo.buyCode);
    await buy.getByRole('button', { name: /^Buy for / }).click();
    await toast(page, 'Success!');

    // The order counts it: filled, the car marked bought.
    await page.goto('/dealer/dashboard');
    const filled = page.locator('#buy-orders').getByRole('listitem').filter({ hasText: '2019+ Any Kia' });
    await filled.getByText('Filled', { exact: true }).waitFor();
    await filled.getByText('1 of 1').waitFor();
    await filled.getByText('2021 Kia Telluride').waitFor();
    const saved = page.locator('#saved-searches').getByRole('listitem').filter({ hasText: 'Tellurides' });
    await saved.getByText('1 new match').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
