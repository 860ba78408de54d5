import { dealerItemPath } from '@contracts/dealer-dashboard';
import { isQueued } from '@contracts/vehicle-display';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, type RunningServer, startAppServer } from './support/app-server';
import { openPage } from './support/browser-page';
import { DESKTOP, launchChromium, releaseChromium } from './support/chromium';
import { signInContext } from './support/sign-in';

/**
 * HTML and script typed into dealer names, descriptions, recon notes and offer messages are stored
 * as text and rendered inert on every screen that shows them (issue #10).
 */
const PAYLOAD = (tag: string) =>
  `<img src=x onerror="window.__pwned='${tag}'"><script>window.__pwned='${tag}'</script>${tag}`;

let server: RunningServer;
let browser: Browser;
let token = '';
const api = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...extra,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  token = (await api('POST', '/api/admin/login', E2E_ADMIN)).json.token as string;
});
afterAll(async () => {
  await releaseChromium(browser);
  await server?.stop();
});

async function expectInert(page: Page, path: string, visible: string) {
  await page.goto(path);
  await page.getByText(visible, { exact: false }).first().waitFor();
  expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned), path).toBeUndefined();
  expect(await page.locator('main script, main img[src="x"]').count(), path).toBe(0);
}

/**
 * A page of the shared helper (console errors and CSP violations recorded: a payload that became
 * markup would be blocked by the CSP and show up there) that also records any dialog opened.
 */
async function openWatched() {
  const opened = await openPage(browser, DESKTOP, { baseURL: server.url });
  const dialogs: string[] = [];
  opened.page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { ...opened, dialogs };
}

describe('stored HTML is rendered as text', () => {
  it('in dealer names, descriptions, recon notes and offer messages', async () => {
    const dealer = await api('POST', '/api/dealers', {
      dealerName: PAYLOAD('dealer'),
      address: '1 Main St',
      contactName: 'Eve',
      email: 'eve@evil.example',
      phone: '5555550100',
      billingContactName: 'Eve',
      billingContactEmail: 'eve@evil.example',
      billingContactPhone: '5555550100',
      titleContactName: 'Eve',
      titleContactEmail: 'eve@evil.example',
      titleContactPhone: '5555550100',
    });
    expect(dealer.status).toBe(201);
    const buyCode = (dealer.json.buyCode as { code: string }).code;

    const all = (await api('GET', '/api/vehicles')).json as unknown as {
      id: number;
      inQueue: boolean;
      firstLookUntil: string | null;
    }[];
    const queued = all.find(isQueued)!;
    expect(
      (await api('PATCH', `/api/vehicles/${queued.id}`, { reconExterior: PAYLOAD('recon') })).status,
    ).toBe(200);
    const completed = await api('PATCH', `/api/vehicles/${queued.id}`, {
      status: 'active',
      inQueue: false,
      mileage: 1000,
      price: '9999',
      condition: 'Auction Certified',
      description: PAYLOAD('description'),
    });
    expect(completed.status).toBe(200);
    const offer = await api('POST', `/api/vehicles/${queued.id}/offers`, { amount: '9000', buyCode });
    expect(offer.status).toBe(201);
    expect(
      (
        await api('PATCH', `/api/offers/${offer.json.id}`, {
          status: 'countered',
          counterAmount: '9500',
          counterMessage: PAYLOAD('message'),
        })
      ).status,
    ).toBe(200);

    const visitor = await openWatched();
    await expectInert(visitor.page, `/vehicle/${queued.id}`, "window.__pwned='description'");
    await expectInert(visitor.page, `/vehicle/${queued.id}`, "window.__pwned='recon'");
    await signInContext(visitor.context, 'dealer', { dealerName: PAYLOAD('dealer'), buyCode });
    await expectInert(
      visitor.page,
      dealerItemPath('offer', Number(offer.json.id)),
      "window.__pwned='message'",
    );
    expect(visitor.dialogs).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    const admin = await openWatched();
    await signInContext(admin.context, 'admin');
    await expectInert(admin.page, '/admin?tab=dealers', "window.__pwned='dealer'");
    await expectInert(admin.page, '/admin?tab=offers', "window.__pwned='message'");
    await expectInert(admin.page, '/admin?tab=activity', 'Activity');
    expect(admin.dialogs).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
});
