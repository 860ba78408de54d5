import { BUY_ORDER_TEXT, SAVED_SEARCH_TEXT } from '@contracts/buy-orders';
import { dealerDashboardPath } from '@contracts/dealer-dashboard';
import { FIRST_LOOK_TEXT } from '@contracts/listing-texts';
import { isQueued } from '@contracts/vehicle-display';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipientsOf, type SmtpSink, startSmtpSink } from '../server/test/smtp-sink';
import { buyNow } from './helpers/api';
import { type RunningServer, startAppServer } from './support/app-server';
import { openPage, toast } from './support/browser-page';
import { launchChromium, releaseChromium } from './support/chromium';
import { adminToken, signInAdmin, signInContext } from './support/sign-in';

/** The demo dealer's main contact (server/src/seed/demo-seed.ts): where its order's alerts go. */
const LAKESIDE_EMAIL = 'dana@lakesideauto.example';
const PHONE_390 = { width: 390, height: 844 } as const;

/**
 * Source to order (issue #30, docs/design.md §13): a dealer places a buy order and saves an inventory
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
  await releaseChromium(browser);
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
    await page.goto(dealerDashboardPath('buyOrders'));
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
    // The Kias already on sale are its first matches (issue #44: it said "No match yet" beside them).
    await order.getByRole('link', { name: '2022 Kia Forte' }).waitFor();
    expect(await order.getByText(/^No match yet/).count()).toBe(0);
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
    const all = (await (await admin('/api/vehicles')).json()) as {
      id: number;
      inQueue: boolean;
      firstLookUntil: string | null;
    }[];
    const queued = all.find(isQueued)!;
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
    await expect
      .poll(() => sink.messages.filter(searchAlert).length, { timeout: 30_000 })
      .toBe(1)
      .catch((error: unknown) => {
        throw new Error(
          `no saved-search mail; subjects: ${sink.messages.map((m) => m.subject).join(' | ')}`,
          { cause: error },
        );
      });

    // The dealer buys the car (the Buy Now dialog is buying.e2e's; that a purchase counts toward
    // the order is buy-orders.test 'counts a matching purchase, is filled at its quantity…').
    const saleId = await buyNow(server.url, demo.buyCode, queued.id);

    // The dashboard's first screen on the phone says what is owed (the new sale among it), and one
    // tap on the section bar opens a section.
    await page.goto('/dealer/dashboard');
    const needsYou = page.getByRole('region', { name: 'Needs you' });
    const owed = needsYou.getByRole('link', { name: /2021 Kia Telluride/ });
    await owed.getByText('$26,500').waitFor();
    const total = needsYou.getByTestId('owed-total');
    expect(await total.innerText()).toMatch(/^\$[\d,.]+ owed on \d+ purchases?$/);
    const firstScreen = async (element: typeof total) => {
      const box = (await element.boundingBox())!;
      return box.y + box.height <= PHONE_390.height;
    };
    expect(await firstScreen(needsYou.getByRole('heading', { name: 'Needs you' }))).toBe(true);
    expect(await firstScreen(total)).toBe(true);
    await page
      .getByRole('navigation', { name: 'Dashboard sections' })
      .getByRole('link', { name: /^Buy orders & alerts/ })
      .click();

    // The order counts it: filled, the car marked bought.
    const filled = page.locator('#buy-orders').getByRole('listitem').filter({ hasText: '2019+ Any Kia' });
    await filled.getByText('Filled', { exact: true }).waitFor();
    await filled.getByText('1 of 1').waitFor();
    await filled.getByText('2021 Kia Telluride').waitFor();
    const saved = page.locator('#saved-searches').getByRole('listitem').filter({ hasText: 'Tellurides' });
    await saved.getByText('1 new match').waitFor();

    // The receipt's link opens the sale itself in Purchases, brought forward.
    const receipt = (m: SmtpSink['messages'][number]) =>
      !!m.subject?.includes('Receipt: 2021 Kia Telluride') && recipientsOf(m).includes(LAKESIDE_EMAIL);
    await expect.poll(() => sink.messages.filter(receipt).length, { timeout: 30_000 }).toBe(1);
    const receiptLink = /See it in your dealer dashboard: (\S+)/.exec(
      sink.messages.find(receipt)!.text ?? '',
    )?.[1];
    expect(receiptLink).toBe(`${server.url}/dealer/dashboard/purchases#sale-${saleId}`);
    await page.goto(receiptLink!);
    const sale = page.getByTestId(`dealer-transaction-${saleId}`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`sale-${saleId}`);
    expect(await sale.getAttribute('data-targeted')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('holds a car for a first look: the admin sees the matching order, only that dealer sees the car and buys it from the mail', async () => {
    const demo = server.demoDealer!;
    // The dealer's standing order for any Mazda under $30,000.
    const dealer = await openPage(browser, PHONE_390, { baseURL: server.url });
    await signInContext(dealer.context, 'dealer', { dealerName: demo.dealerName, buyCode: demo.buyCode });
    const placed = await dealer.context.request.post('/api/dealer/buy-orders', {
      data: {
        targets: [{ make: 'Mazda' }],
        maxPrice: '30000',
        certification: 'all',
        quantity: 1,
        neededBy: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
        deliveryZip: '53703',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = ((await placed.json()) as { id: number }).id;

    // The admin completes the last queued car as a Mazda: the dialog counts the order, the admin holds it.
    const all = (await (await admin('/api/vehicles')).json()) as {
      id: number;
      inQueue: boolean;
      firstLookUntil: string | null;
    }[];
    const queued = all.find(isQueued)!;
    const desk = await openPage(browser, { width: 1280, height: 900 }, { baseURL: server.url });
    await signInAdmin(desk.page);
    const card = desk.page.getByTestId(`queue-${queued.id}`);
    await card.getByLabel('Year').fill('2020');
    await card.getByLabel('Make').fill('Mazda');
    await card.getByLabel('Model').fill('CX-5');
    await card.getByLabel('Mileage').fill('28000');
    await card.getByLabel('Price ($)').fill('24900');
    await card.getByLabel('Certification').selectOption({ label: 'Auction Certified' });
    await card.getByText(FIRST_LOOK_TEXT.matches(1)).waitFor();
    await card.getByLabel(FIRST_LOOK_TEXT.hold, { exact: false }).check();
    expect(await card.getByLabel('For', { exact: true }).inputValue()).toBe('120');
    await card.getByRole('button', { name: 'Complete Listing' }).click();
    await toast(desk.page, 'Vehicle listing completed');
    await card.waitFor({ state: 'detached' });
    // Manage Listings names the hold.
    await desk.page.getByRole('tab', { name: /Manage Listings/ }).click();
    const row = desk.page.getByTestId(`listing-${queued.id}`);
    await row.getByText(/^First look until /).waitFor();
    await row.getByRole('button', { name: new RegExp(FIRST_LOOK_TEXT.releaseNow) }).waitFor();
    expect(desk.errors).toEqual([]);
    await desk.context.close();

    // The mail says so; nobody else sees the car, at its address or in the list.
    const firstLook = (m: { subject?: string | undefined }) =>
      !!m.subject?.includes(`First look for buy order #${orderId}:`) && m.subject.includes('2020 Mazda CX-5');
    await expect
      .poll(() => sink.messages.filter(firstLook).length, { timeout: 30_000 })
      .toBe(1)
      .catch((error: unknown) => {
        throw new Error(`no first-look mail; subjects: ${sink.messages.map((m) => m.subject).join(' | ')}`, {
          cause: error,
        });
      });
    const mail = sink.messages.find(firstLook)!;
    expect(recipientsOf(mail)).toEqual([LAKESIDE_EMAIL]);
    // With its day (issue #46): "until Sat, Nov 28, 10:48 PM EST".
    expect(mail.text).toMatch(/is held for you: first look until \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2}\s[AP]M/);
    const link = /See the car: (\S+)/.exec(mail.text ?? '')?.[1];
    expect(link).toBe(`${server.url}/vehicle/${queued.id}`);
    // That nobody else sees it (404 at its address, out of every list) is first-look.test
    // 'holds a completed car for the dealerships whose orders match…'.

    // The dealer, signed in, sees it on the dashboard's first view, ending soon; its link opens it
    // in Buy orders & alerts, marked; and on its page, where the dealer buys it.
    await dealer.page.goto('/dealer/dashboard');
    await dealer.page
      .getByRole('region', { name: 'Needs you' })
      .getByRole('link', { name: /2020 Mazda CX-5.*First look until / })
      .click();
    await expect
      .poll(() => dealer.page.evaluate(() => document.activeElement?.id))
      .toBe(`first-look-${queued.id}`);
    const held = dealer.page
      .locator('#first-look')
      .getByRole('listitem')
      .filter({ hasText: '2020 Mazda CX-5' });
    await held.getByText(/^First look until /).waitFor();
    await held.getByRole('link', { name: /2020 Mazda CX-5/ }).click();
    await dealer.page
      .getByRole('main')
      .getByText(/^First look until /)
      .waitFor();
    await buyNow(server.url, demo.buyCode, queued.id);
    await dealer.page.goto(dealerDashboardPath('buyOrders'));
    await dealer.page.locator('#first-look').getByText(FIRST_LOOK_TEXT.dashboardEmpty).waitFor();
    expect(dealer.errors).toEqual([]);
    await dealer.context.close();
  });
});
