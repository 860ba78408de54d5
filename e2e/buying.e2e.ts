import { dealerDashboardPath, dealerItemPath } from '@contracts/dealer-dashboard';
import { DELIVERED_PRICE_TEXT } from '@contracts/delivered-price-texts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicIds } from './helpers/api';
import { type RunningServer, startAppServer } from './support/app-server';
import { openPage, toast } from './support/browser-page';
import { DESKTOP, launchChromium, PHONE, releaseChromium } from './support/chromium';
import { adminToken, signInContext } from './support/sign-in';

/** Buying changes the marketplace, so these journeys get their own server and database. */
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
});
afterAll(async () => {
  await releaseChromium(browser);
  await server?.stop();
});

describe('Buy Now', () => {
  it('buys a car with a valid code and takes it off the listings; refuses a bad code', async () => {
    const dealer = server.demoDealer!;
    // The made-up code is refused (400) and the dialog says so.
    const { page, context, errors } = await openPage(browser, PHONE, {
      baseURL: server.url,
      expectedFailures: [{ path: '/api/verify-code', status: 400 }],
    });
    const [target] = await publicIds(server.url);
    const vehicle = (await (await fetch(`${server.url}/api/vehicles/${target}`)).json()) as {
      year: number;
      make: string;
      model: string;
      price: string;
    };
    const title = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
    const price = `$${Math.round(Number(vehicle.price)).toLocaleString('en-US')}`;
    await page.goto(`/vehicle/${target}`);
    await page.getByRole('main').getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy Now' });
    // The form loads when the dialog first opens.
    await dialog.getByText("Don't have a buy code?").waitFor();
    const text = await dialog.innerText();
    expect(text).toContain("Don't have a buy code?");
    expect(text).toContain('Monday to Friday, 9 AM to 6 PM EST');
    // It reads like a purchase: the vehicle, its price and the terms that will apply.
    const terms = dialog.getByTestId('purchase-terms');
    await terms.getByText(/^Due by \w{3}, \w{3} \d{1,2} \(3 business days\)$/).waitFor();
    const termsText = await terms.innerText();
    expect(termsText).toContain(title);
    expect(termsText).toContain(price);
    expect(termsText).toMatch(/when it comes with the car \(5 business days\)/);
    const buy = dialog.getByRole('button', { name: `Buy for ${price}` });

    const code = dialog.getByLabel('Buy code');
    expect(await code.getAttribute('maxlength')).toBe('4');
    // Blank or whitespace: nothing is sent, nothing is said.
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/verify-code')) requests++;
    });
    await code.fill('   ');
    await code.press('Enter');
    await buy.click();
    expect(requests).toBe(0);

    await code.fill('zzzz');
    expect(await code.inputValue()).toBe('ZZZZ');
    await code.press('Enter');
    await toast(page, 'Invalid buy code. Please try again.');
    expect(requests).toBe(1);

    await code.fill(dealer.buyCode.toLowerCase());
    await buy.click();
    await toast(page, 'Success!');
    await toast(page, 'Vehicle purchase initiated. Our team will contact you shortly.');
    await dialog.waitFor({ state: 'detached' });
    // The buyer is told what they bought and what happens next, with the way to the dashboard.
    const confirmation = page.getByRole('dialog', { name: `You bought the ${title}` });
    await confirmation.getByText('What happens next').waitFor();
    const confirmationText = await confirmation.innerText();
    expect(confirmationText).toContain(`Pay ${price} by`);
    expect(confirmationText).toContain('Vehicle purchase initiated. Our team will contact you shortly.');
    // The way to the dashboard opens on the sale just made.
    expect(
      await confirmation.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href'),
    ).toMatch(/^\/dealer\/dashboard\/purchases#sale-[1-9]\d*$/);
    await confirmation.getByRole('button', { name: 'Close' }).click();
    await confirmation.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Vehicle No Longer Available' }).waitFor();
    // Off the listings: buying.test 'sells a published vehicle once…' and vehicles.test 'lists only
    // active, published vehicles…'.
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Make Offer and the dealer dashboard', () => {
  it('validates the offer, submits it, and lets the dealer accept the admin’s counter', async () => {
    const dealer = server.demoDealer!;
    // A car listed above $16,000, so that $15,000 is an offer and $15,900 a counter between the two.
    const listed = (await (await fetch(`${server.url}/api/vehicles`)).json()) as {
      id: number;
      price: string;
    }[];
    const withOffers = new Set(
      (
        (await (
          await fetch(`${server.url}/api/offers?limit=100`, {
            headers: { authorization: `Bearer ${await adminToken(server.url)}` },
          })
        ).json()) as { items: { vehicleId: number }[] }
      ).items.map((o) => o.vehicleId),
    );
    const target = listed.findLast((v) => Number(v.price) > 16_000 && !withOffers.has(v.id))!.id;
    // The offer with a made-up code is refused (400) and the toast says so.
    const { page, context, errors } = await openPage(browser, DESKTOP, {
      baseURL: server.url,
      expectedFailures: [{ path: `/api/vehicles/${target}/offers`, status: 400 }],
    });
    await page.goto(`/vehicle/${target}`);
    await page.getByRole('main').getByRole('button', { name: 'Make Offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make Offer' });
    const amount = dialog.getByLabel('Offer amount ($)');
    const code = dialog.getByLabel('Buy code');
    const submit = dialog.getByRole('button', { name: 'Submit Offer' });

    await submit.click();
    await dialog.getByText('Amount is required').waitFor();
    await dialog.getByText('Buy code must be 4 characters').waitFor();
    await amount.fill('-100');
    await submit.click();
    await dialog.getByText('Must be a valid positive number').waitFor();

    // At or above the asking price an offer is not an offer: the form points to Buy Now.
    const asking = listed.find((v) => v.id === target)!.price;
    await amount.fill(asking);
    await code.fill(dealer.buyCode);
    await submit.click();
    await dialog.getByText('Use Buy Now to buy the vehicle at that price.', { exact: false }).waitFor();
    // ... and offers it: the same dialog becomes Buy Now at the asking price; closed, it is Make Offer again.
    await dialog.getByRole('button', { name: /^Buy Now at \$/ }).click();
    const buying = page.getByRole('dialog', { name: 'Buy Now' });
    await buying.getByRole('button', { name: /^Buy for \$/ }).waitFor();
    await buying.getByRole('button', { name: 'Close' }).click();
    await buying.waitFor({ state: 'detached' });
    await page.getByRole('main').getByRole('button', { name: 'Make Offer' }).click();
    await amount.fill('15,000');
    await dialog.getByText('Reads as $15,000', { exact: false }).waitFor();
    await code.fill('ZZZZ');
    await submit.click();
    await toast(page, 'Failed to submit offer: Invalid buy code. Please try again.');

    await code.fill(dealer.buyCode);
    await submit.click();
    await toast(page, 'Your offer has been submitted successfully');
    await dialog.waitFor({ state: 'detached' });

    // The admin counters through the API.
    const token = await adminToken(server.url);
    const { items: all } = (await (
      await fetch(`${server.url}/api/offers?status=pending&q=${target}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { items: { id: number; vehicleId: number; status: string }[] };
    const mine = all.find((o) => o.vehicleId === target && o.status === 'pending')!;
    const counter = await fetch(`${server.url}/api/offers/${mine.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        status: 'countered',
        counterAmount: '15900',
        counterMessage: 'Meet me at 15,900',
      }),
    });
    expect(counter.status).toBe(200);

    // Signed in through the API: the sign-in form is accounts.e2e's.
    await signInContext(context, 'dealer', { dealerName: dealer.dealerName, buyCode: dealer.buyCode });
    // Buy Now on the same car says the offer is there, and where it stands (issue #46).
    await page.goto(`/vehicle/${target}`);
    await page.getByRole('main').getByRole('button', { name: 'Buy Now' }).click();
    expect(await buying.getByTestId('own-offer').innerText()).toBe(
      DELIVERED_PRICE_TEXT.counteredOffer('$15,000', '$15,900'),
    );
    await buying.getByRole('button', { name: 'Close' }).click();
    await page.goto(dealerDashboardPath('team'));
    expect(await page.getByTestId('current-buy-code').innerText()).toBe(dealer.buyCode);
    await page.getByText('Inactive').first().waitFor();

    // The counter e-mail's link (notification-events.test) opens the offer itself, focused.
    await page.goto(dealerItemPath('offer', mine.id));
    const card = page.getByTestId(`offer-${mine.id}`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`offer-${mine.id}`);
    await card.getByText('$15,900', { exact: true }).waitFor();
    await card.getByText('“Meet me at 15,900”').waitFor();
    expect(await card.innerText()).toMatch(/\d+h \d+m left/);
    await card.getByRole('button', { name: 'Accept Counter' }).click();
    // The confirmation names the final amount and when payment falls due.
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.innerText()).toMatch(/Payment of \$15,900 is due by [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await confirm.getByRole('button', { name: 'Accept $15,900' }).click();
    await toast(page, 'Counter offer accepted');
    await card.getByText('Accepted', { exact: true }).waitFor();
    // The card shows what the sale was made for, not only the dealer's own offer.
    await card.getByText('Bought for $15,900 (the counter offer)').waitFor();

    await page
      .getByRole('navigation', { name: 'Dashboard sections' })
      .getByRole('link', { name: /^Purchases/ })
      .click();
    const transactions = page.getByRole('region', { name: 'Recent transactions' });
    await transactions.getByText('$15,900', { exact: true }).first().waitFor();
    await transactions.getByText('Awaiting payment', { exact: true }).first().waitFor();
    // Sold at the counter: buying.test 'lets a dealer accept or decline its own countered offer…'.
    expect(errors).toEqual([]);
    await context.close();
  });
});
