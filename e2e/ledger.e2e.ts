import { dealerItemPath } from '@contracts/dealer-dashboard';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyNow, publicIds } from './helpers/api';
import { type RunningServer, startAppServer } from './support/app-server';
import { openPage, toast } from './support/browser-page';
import { DESKTOP, launchChromium, releaseChromium } from './support/chromium';
import { adminToken, signInAdmin, signInContext } from './support/sign-in';

/**
 * One ledger (issue #27) in the browser: the admin on a 390 px phone records the remaining balance
 * ("Mark paid"), answers a claim with a credit and pays the refund; the buying dealer on a 1280 px
 * screen reads the same stage, balance and ledger at every step. Then a counter is withdrawn.
 */
const PHONE_390 = { width: 390, height: 844 } as const;

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
});
afterAll(async () => {
  await releaseChromium(browser);
  await server?.stop();
});

const api = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await adminToken(server.url)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response.json();
};
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
const usd = (amount: number) => `$${amount.toLocaleString('en-US')}`;

describe('the ledger, admin on a phone and dealer on a desktop', () => {
  it('Mark paid, a claim credit after payment, its refund: both sides read the same figures', {
    timeout: 150_000,
  }, async () => {
    const dealer = server.demoDealer!;
    const [vehicleId] = await publicIds(server.url);
    const id = await buyNow(server.url, dealer.buyCode, vehicleId!);
    const sale = (
      (await api('GET', '/api/transactions?limit=100')) as {
        items: {
          id: number;
          amount: string;
          terms: { timeZone: string; guarantee?: { deductible: string } };
        }[];
      }
    ).items.find((t) => t.id === id)!;
    const price = Number(sale.amount);
    // The claim credit: $900 decided less the deductible of the car's guarantee level.
    const credit = 900 - Number(sale.terms.guarantee?.deductible ?? 0);

    const admin = await openPage(browser, PHONE_390, { baseURL: server.url });
    await signInAdmin(admin.page, '/admin?tab=transactions');
    const row = admin.page.getByTestId(`transaction-${id}`);
    await row.getByText('Awaiting payment', { exact: true }).waitFor();

    const buyer = await openPage(browser, DESKTOP, { baseURL: server.url });
    await signInContext(buyer.context, 'dealer', dealer);
    await buyer.page.goto(dealerItemPath('sale', id));
    const card = buyer.page.getByTestId(`dealer-transaction-${id}`);
    await card.getByText('Awaiting payment', { exact: true }).waitFor();
    await card.getByText(`Ledger: balance ${usd(price)}`).waitFor();

    // Mark paid: the remaining balance, stated, with method and reference.
    await row.getByRole('button', { name: /^Mark paid/ }).click();
    const paying = admin.page.getByRole('dialog', { name: 'Record the remaining balance' });
    await paying.getByText(usd(price), { exact: true }).waitFor();
    await paying.getByLabel('Method').selectOption({ label: 'Wire' });
    await paying.getByLabel('Reference (optional)').fill('FED-4410');
    await paying.getByRole('button', { name: `Record payment of ${usd(price)}` }).click();
    await toast(admin.page, 'Transaction updated successfully');
    await row.getByText('Paid in full').waitFor();
    await row.getByText('Paid', { exact: true }).waitFor();
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_390.width);

    // Released now that it is paid; picked up; the dealer claims, the admin decides $900 (less the deductible).
    const today = todayIn(sale.terms.timeZone);
    await api('POST', `/api/transactions/${id}/events`, {
      type: 'pickup_ready',
      address: '1 Lot Rd',
      hours: '8–5',
    });
    await api('POST', `/api/transactions/${id}/events`, { type: 'picked_up', on: today, by: 'Driver' });
    await buyer.page.reload();
    await card.getByText('Picked up', { exact: true }).first().waitFor();
    await card.getByRole('button', { name: 'Open a claim' }).click();
    const claim = buyer.page.getByRole('dialog', { name: 'Open a claim' });
    await claim.getByLabel('What is it about').selectOption({ label: 'Mechanical' });
    await claim.getByLabel('Description').fill('The A/C blows warm; not in the report.');
    await claim.getByLabel('Repair estimate ($)').fill('$1,850');
    await claim.getByText('Reads as $1,850', { exact: false }).waitFor();
    await claim.getByRole('button', { name: 'Send claim' }).click();
    await toast(buyer.page, 'Claim sent');
    const [opened] = (
      (await api('GET', '/api/transactions?limit=100')) as {
        items: { id: number; claims: { id: number; estimate: string }[] }[];
      }
    ).items.find((t) => t.id === id)!.claims;
    expect(opened!.estimate).toBe('1850.00');
    await api('POST', `/api/transactions/${id}/events`, {
      type: 'claim_answered',
      claimId: opened!.id,
      decision: 'adjusted',
      reason: 'We take $900 off.',
      amount: '900',
    });

    // The dealer's figures in between (refund owed) agree with the admin's by one ledger:
    // reconciliation.test 'agrees through partial payments, Mark paid, a late fee, a claim credit
    // and its refund…'. The dealer's side is read at the start and at the end.

    // The admin pays it back from the details, on the phone.
    await row.getByText('Refund owed', { exact: true }).first().waitFor();
    await row.getByRole('button', { name: /^Details/ }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Sale details' });
    const refund = dialog.getByRole('form', { name: `Record refund (${usd(credit)} owed)` });
    expect(await refund.getByLabel('Amount ($)').inputValue()).toBe(`${credit}.00`);
    await refund.getByLabel('Method').selectOption({ label: 'Check' });
    await refund.getByLabel('Reference (optional)').fill('CHK 1001');
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await toast(admin.page, 'refund recorded');
    const adminLedger = dialog.getByRole('table', { name: /^Ledger/ });
    await expect.poll(() => adminLedger.locator('tbody tr').count()).toBe(4);
    expect(await adminLedger.getByTestId('ledger-balance').innerText()).toBe('$0');
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_390.width);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await row.getByText('Paid in full').waitFor();

    await buyer.page.reload();
    await card.getByText('Paid in full').waitFor();
    await card.getByText('Ledger: balance $0').click();
    const ledger = card.getByRole('table', { name: /^Ledger/ });
    expect(await ledger.locator('tbody tr').count()).toBe(4);
    expect(await ledger.innerText()).toMatch(
      new RegExp(`Claim adjustment \\(Mechanical\\)[\\s\\S]*− \\${usd(credit)}`),
    );
    expect(await ledger.getByTestId('ledger-balance').innerText()).toBe('$0');
    expect(await buyer.page.evaluate(() => document.documentElement.scrollWidth)).toBe(DESKTOP.width);
    expect(admin.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
    await admin.context.close();
    await buyer.context.close();
  });

  it('an unanswered counter is withdrawn on the phone; the offer waits for an answer again', {
    timeout: 90_000,
  }, async () => {
    const dealer = server.demoDealer!;
    const taken = new Set(
      ((await api('GET', '/api/offers?limit=100')) as { items: { vehicleId: number }[] }).items.map(
        (o) => o.vehicleId,
      ),
    );
    const listed = (await (await fetch(`${server.url}/api/vehicles`)).json()) as {
      id: number;
      price: string;
    }[];
    const target = listed.find((v) => !taken.has(v.id) && Number(v.price) > 5000)!;
    const offerAmount = Math.round(Number(target.price) * 0.8);
    const made = await fetch(`${server.url}/api/vehicles/${target.id}/offers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: String(offerAmount), buyCode: dealer.buyCode }),
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: number };
    const counterAmount = Math.round(Number(target.price) * 0.9);
    await api('PATCH', `/api/offers/${id}`, { status: 'countered', counterAmount: String(counterAmount) });

    const admin = await openPage(browser, PHONE_390, { baseURL: server.url });
    await signInAdmin(admin.page, '/admin?tab=offers');
    const countered = admin.page.getByTestId(`offer-${id}`);
    await countered.getByRole('button', { name: 'Withdraw counter' }).click();
    const confirm = admin.page.getByRole('alertdialog');
    expect(await confirm.innerText()).toContain(
      `their offer of ${usd(offerAmount)} waits for your answer again`,
    );
    await confirm.getByRole('button', { name: 'Withdraw counter' }).click();
    await toast(admin.page, 'counter withdrawn');
    await admin.page
      .getByRole('region', { name: /^Pending Offers/ })
      .getByTestId(`offer-${id}`)
      .getByText(`Counter of ${usd(counterAmount)} withdrawn`, { exact: false })
      .waitFor();
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_390.width);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
});
