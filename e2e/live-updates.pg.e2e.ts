import { PAGE_PATHS } from '@contracts/routes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startAppServer } from './support/app-server';
import { openPage } from './support/browser-page';
import { DESKTOP, launchChromium, releaseChromium } from './support/chromium';
import { adminToken, signInAdmin, signInContext } from './support/sign-in';

/**
 * Live updates across app instances (docs/design.md §6, issue #16): two app processes on one
 * PostgreSQL database, as behind a load balancer. A change made through instance A reaches a
 * browser connected to instance B through the database's NOTIFY, within a second.
 */
const WITHIN_MS = 1000;

let a: RunningServer;
let b: RunningServer;
let browser: Browser;
let token: string;
beforeAll(async () => {
  [a, browser] = await Promise.all([startAppServer({}, { postgres: true }), launchChromium()]);
  // B shares A's database and its media files (a shared volume; the reference deployment shares a
  // bucket): the cars' photos A's first start stored load through either instance.
  b = await startAppServer({}, { shareDatabaseOf: a, dataDir: a.dataDir });
  token = await adminToken(a.url);
});
afterAll(async () => {
  await releaseChromium(browser);
  // B first: A drops the shared database when it stops.
  await b?.stop();
  await a?.stop();
});

interface Offer {
  id: number;
  vehicleId: number;
  status: string;
}
const adminApi = (path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${a.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

/** A published car nobody has an open offer on (through instance A). */
async function freeVehicleId(): Promise<number> {
  const offers = (await (await adminApi('/api/offers')).json()) as Offer[];
  const taken = new Set(
    offers.filter((o) => ['pending', 'countered'].includes(o.status)).map((o) => o.vehicleId),
  );
  const ids = ((await (await fetch(`${a.url}/api/vehicles`)).json()) as { id: number }[]).map((v) => v.id);
  const id = ids.find((v) => !taken.has(v));
  if (id === undefined) throw new Error('no vehicle without an offer left in the demo data');
  return id;
}

/** The demo dealer makes an offer through instance A. */
async function offerThroughA(amount: string): Promise<Offer> {
  const res = await fetch(`${a.url}/api/vehicles/${await freeVehicleId()}/offers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount, buyCode: a.demoDealer!.buyCode }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Offer;
}

const statValue = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');

describe('live updates across two app instances', () => {
  it("shows an admin's counter made through A on the dealer's dashboard served by B within a second", async () => {
    expect(a.demoDealer).not.toBeNull();
    const offer = await offerThroughA('9100');
    const { page, context, errors } = await openPage(browser, DESKTOP, { baseURL: b.url });
    await signInContext(context, 'dealer', a.demoDealer!);
    const card = page.getByTestId(`offer-${offer.id}`);
    const streamOpened = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
    await page.goto(PAGE_PATHS.dealerDashboard);
    await card.getByText('Pending').waitFor();
    expect((await streamOpened).status()).toBe(200);
    expect(await card.getByText('Counter offer:').count()).toBe(0);

    const sent = Date.now();
    const counter = await adminApi(`/api/offers/${offer.id}`, {
      method: 'PATCH',
      body: { status: 'countered', counterAmount: '9650', counterMessage: 'Meet me here' },
    });
    const committed = Date.now();
    expect(counter.status).toBe(200);
    await card.getByText('Counter offer:').waitFor({ timeout: WITHIN_MS });
    const shown = Date.now();
    // The counter's message is on the same card (the time above is what is measured); a loaded CI
    // machine may paint it a frame later than 100 ms.
    await card.getByText('“Meet me here”').waitFor({ timeout: 2_000 });
    console.log(
      `counter through A → dealer page on B: ${shown - committed} ms after A answered (${shown - sent} ms including the request)`,
    );
    expect(shown - committed).toBeLessThan(WITHIN_MS);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows an offer made through A in the admin dashboard served by B within a second', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP, { baseURL: b.url });
    const streamOpened = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
    await signInAdmin(page, '/admin?tab=offers');
    expect((await streamOpened).status()).toBe(200);
    const pending = statValue(page, 'Pending Offers');
    await pending.filter({ hasText: /^\d+$/ }).waitFor();
    const before = Number(await pending.innerText());

    const sent = Date.now();
    const offer = await offerThroughA('9200');
    const committed = Date.now();
    await pending.filter({ hasText: new RegExp(`^${before + 1}$`) }).waitFor({ timeout: WITHIN_MS });
    const shown = Date.now();
    console.log(
      `offer through A → admin stats on B: ${shown - committed} ms after A answered (${shown - sent} ms including the request)`,
    );
    expect(shown - committed).toBeLessThan(WITHIN_MS);
    // The offers panel has it too (same refetch).
    const list = (await (await adminApi('/api/offers')).json()) as Offer[];
    expect(list.find((o) => o.id === offer.id)?.status).toBe('pending');
    await page.getByText('$9,200').first().waitFor({ timeout: WITHIN_MS });
    expect(errors).toEqual([]);
    await context.close();
  });
});
