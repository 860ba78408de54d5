import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, type RunningServer, startAppServer } from './support/app-server';
import { DESKTOP, launchChromium } from './support/chromium';

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
  await browser?.close();
  await server?.stop();
});

async function expectInert(context: BrowserContext, path: string, visible: string) {
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(path);
  await page.getByText(visible, { exact: false }).first().waitFor();
  expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned), path).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(await page.locator('main script, main img[src="x"]').count(), path).toBe(0);
  await page.close();
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

    const all = (await api('GET', '/api/vehicles')).json as unknown as { id: number; inQueue: boolean }[];
    const queued = all.find((v) => v.inQueue)!;
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

    const visitor = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
    await expectInert(visitor, `/vehicle/${queued.id}`, "window.__pwned='description'");
    await expectInert(visitor, `/vehicle/${queued.id}`, "window.__pwned='recon'");
    await visitor.request.post('/api/dealer/login', { data: { dealerName: PAYLOAD('dealer'), buyCode } });
    await expectInert(visitor, '/dealer/dashboard', "window.__pwned='message'");
    await visitor.close();

    const admin = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
    await admin.request.post('/api/admin/login', { data: E2E_ADMIN });
    await expectInert(admin, '/admin?tab=dealers', "window.__pwned='dealer'");
    await expectInert(admin, '/admin?tab=offers', "window.__pwned='message'");
    await expectInert(admin, '/admin?tab=activity', 'Activity');
    await admin.close();
  });
});
