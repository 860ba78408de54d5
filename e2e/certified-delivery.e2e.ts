import { SALE_STAGES } from '@contracts/after-sale';
import { dealerItemPath, dealerPartPath } from '@contracts/dealer-dashboard';
import {
  DELIVERY_TEXT,
  FLOOR_PLAN_STATUS_LABELS,
  FLOOR_PLAN_TEXT,
  lineLabel,
  TRANSPORT_STATUS_LABELS,
} from '@contracts/delivery';
import { RECON_PACKAGE_TEXT } from '@contracts/recon-package-texts';
import type { WorkOrder } from '@contracts/work-orders';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startAppServer } from './support/app-server';
import { axeViolations, WCAG_TAGS } from './support/axe';
import { openPage, toast } from './support/browser-page';
import { launchChromium, releaseChromium } from './support/chromium';
import { adminToken, signInContext } from './support/sign-in';

/**
 * Certified delivery and floor plan (issue #32, docs/design.md §15) at 390 px: the demo team's owner
 * records a NextGear line, buys a car in the Buy Now dialog with a reconditioning package,
 * certified delivery to Atlanta and that line. The server runs without carrier or lender
 * configuration, so both are "arranged by our team": an admin records the lender's approval and
 * the carrier's steps, the shop finishes the reconditioning, and the dealer's dashboard follows
 * it live to "Delivered", where the dealer confirms the delivery with the odometer and a photo.
 * E2E_SCREENSHOTS=/some/dir keeps the dialog and the sale at each stage for a human look.
 */
const PHONE_390 = { width: 390, height: 844 } as const;
const SHOTS = process.env.E2E_SCREENSHOTS;
const TO_ZIP = '30303';
const ACCOUNT = 'NG-554821';

let server: RunningServer;
let browser: Browser;
let token: string;
beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  token = await adminToken(server.url);
});
afterAll(async () => {
  await releaseChromium(browser);
  await server?.stop();
});

/** An admin (or staff) request through the API, which must succeed. */
const api = async <T>(path: string, init: RequestInit = {}) => {
  const response = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  expect(
    response.ok,
    `${init.method ?? 'GET'} ${path}: ${response.status} ${await response.clone().text()}`,
  ).toBe(true);
  return (await response.json()) as T;
};
const patch = (path: string, body: object) => api(path, { method: 'PATCH', body: JSON.stringify(body) });

async function expectNoAxeViolations(page: Page, selector: string) {
  expect(await axeViolations(page, { include: selector, tags: WCAG_TAGS, impacts: 'all' })).toEqual([]);
}
const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const shot = async (target: Page | Locator, name: string) => {
  if (SHOTS) await target.screenshot({ path: `${SHOTS}/certified-delivery-${name}.png` });
};

describe('Certified delivery and floor plan', () => {
  it('buys with a package, delivery and a floor-plan line, and follows the car to the lot', {
    timeout: 180_000,
  }, async () => {
    const dealer = await openPage(browser, PHONE_390, { baseURL: server.url });
    const { page } = dealer;
    await signInContext(dealer.context, 'team', server.demoOwner!);

    // The owner records the dealership's NextGear line.
    await page.goto(dealerPartPath('floorPlanLines'));
    const lines = page.locator('#floor-plan-lines');
    await lines.getByLabel('Lender').selectOption({ label: 'NextGear Capital' });
    await lines.getByLabel('Account number').fill(ACCOUNT);
    await lines.getByRole('button', { name: 'Add line' }).click();
    await toast(page, FLOOR_PLAN_TEXT.lineAdded);
    const label = lineLabel('nextgear', ACCOUNT.slice(-4));
    await lines.getByRole('listitem').filter({ hasText: label }).waitFor();
    await expectNoAxeViolations(page, '#floor-plan-lines');

    // Buy Now: the Mechanical package, certified delivery to Atlanta, paid with the line.
    const packages = (await (await page.request.get('/api/recon-packages')).json()) as {
      name: string;
      price: string;
    }[];
    const mechanical = packages.find((p) => p.name === 'Mechanical')!;
    const cars = (await (await page.request.get('/api/vehicles')).json()) as {
      id: number;
      price: string | null;
      mileage: number | null;
    }[];
    const car = cars.filter((c) => c.price !== null).sort((a, b) => b.id - a.id)[0]!;
    await page.goto(`/vehicle/${car.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Buy Now' }).click();
    const buy = page.getByRole('dialog', { name: 'Buy Now' });
    const picker = buy.getByLabel(RECON_PACKAGE_TEXT.choose);
    await expect.poll(() => picker.isEnabled()).toBe(true);
    await picker.selectOption({ label: `${mechanical.name} · $495` });
    await buy.getByLabel(DELIVERY_TEXT.transport).check();
    await buy.getByLabel('Delivery ZIP').fill(TO_ZIP);
    await buy.getByLabel('Delivery address').fill('55 Trinity Ave SW, Atlanta, GA');
    const total = buy.getByTestId('buy-total');
    await total.getByText(/ \+ \$495 reconditioning \+ \$[\d,.]+ delivery = \$[\d,.]+$/).waitFor();
    await buy.getByText(DELIVERY_TEXT.arrangedByTeam).waitFor();
    const [, sum] = /= (\$[\d,.]+)$/.exec(await total.innerText())!;
    await buy.getByRole('radio', { name: label }).check();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await shot(buy, 'buy-now-390');
    await buy.getByRole('button', { name: `Buy for ${sum}` }).click();
    await toast(page, 'Success!');
    // The confirmation tells the same story as the dialog: the total, the lender asked, the delivery.
    const confirmation = page.getByTestId('purchase-confirmation');
    await confirmation.getByText('What happens next').waitFor();
    const told = await confirmation.innerText();
    expect(told).toContain(`with reconditioning and delivery ${sum}`);
    expect(told).toContain(`We asked ${label} to pay ${sum}`);
    expect(told).toContain('a carrier picks the car up and brings it to 55 Trinity Ave SW, Atlanta, GA');
    expect(told).not.toContain('gate pass');
    await shot(confirmation, 'confirmation-390');
    await page
      .getByRole('dialog', { name: /^You bought the / })
      .getByRole('button', { name: 'Close' })
      .click();

    // The deal's total as the amount due is team-buying.test 'limits apply to the whole deal…'.
    const sales = (await (await page.request.get('/api/dealer/transactions')).json()) as {
      id: number;
      vehicleId: number;
    }[];
    const sale = sales.find((t) => t.vehicleId === car.id)!;

    // The dashboard's Deliveries: the transport waits for the lender, who has been asked.
    await page.goto(dealerItemPath('delivery', sale.id));
    const card = page.getByTestId(`dealer-delivery-${sale.id}`);
    // The transport e-mails' link (delivery-messages.ts) opens the delivery itself, focused.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`delivery-${sale.id}`);
    const delivery = card.getByTestId(`delivery-${sale.id}`);
    const floorPlan = card.getByTestId(`floor-plan-${sale.id}`);
    await delivery
      .locator('[aria-current="step"]', { hasText: TRANSPORT_STATUS_LABELS.awaiting_release })
      .waitFor();
    await floorPlan.getByText(FLOOR_PLAN_STATUS_LABELS.requested).waitFor();
    await floorPlan.getByText(label).waitFor();
    // The card is checked by axe once delivered (below).
    await shot(card, 'awaiting-390');

    // The lender approves (our team records it), the shop finishes the reconditioning.
    const { items: requests } = await api<{ items: { requestId: number; transactionId: number }[] }>(
      '/api/floor-plan-requests?sort=newest&limit=100',
    );
    const request = requests.find((r) => r.transactionId === sale.id)!;
    await patch(`/api/floor-plan-requests/${request.requestId}`, {
      status: 'approved',
      reference: 'NG-A-7731',
    });
    await floorPlan.getByText(FLOOR_PLAN_STATUS_LABELS.approved).waitFor();
    await floorPlan.getByText('Reference NG-A-7731').waitFor();
    const orders = await api<WorkOrder[]>('/api/work-orders');
    const order = orders.find((o) => o.transactionId === sale.id)!;
    for (const task of order.tasks) {
      await patch(`/api/work-orders/${order.id}/tasks/${task.id}`, { status: 'done' });
    }
    const currentStep = (status: keyof typeof TRANSPORT_STATUS_LABELS) =>
      delivery.locator('[aria-current="step"]', { hasText: TRANSPORT_STATUS_LABELS[status] }).waitFor();
    // Released (the transport may start) once the approval and the work order are in.
    await currentStep('unassigned');

    // Our team moves the transport along (its states are delivery-team.test's); the dashboard
    // follows without a reload, to delivered.
    const { items: board } = await api<{ items: { orderId: number; transactionId: number }[] }>(
      `/api/transport-orders?status=all&q=${sale.id}&limit=100`,
    );
    const transport = board.find((o) => o.transactionId === sale.id)!;
    await patch(`/api/transport-orders/${transport.orderId}`, {
      status: 'assigned',
      carrierName: 'Peach State Auto Transport',
    });
    await patch(`/api/transport-orders/${transport.orderId}`, { status: 'picked_up' });
    await patch(`/api/transport-orders/${transport.orderId}`, { status: 'delivered' });
    await currentStep('delivered');
    await delivery.getByText('Peach State Auto Transport').waitFor();

    // The dealer confirms the arrival: the odometer and a photo.
    await delivery.getByRole('button', { name: 'Confirm delivery' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm delivery' });
    await confirm.getByRole('button', { name: 'Confirm delivery' }).click();
    await confirm.getByText(DELIVERY_TEXT.odometerRequired).waitFor();
    // A few miles over the bill of sale's reading (the carrier drove it on and off the truck): within
    // DELIVERY_ODOMETER_TOLERANCE_MILES, so the confirmation is not held for the admin.
    const arrival = ((car.mileage ?? 0) + 12).toLocaleString('en-US');
    await confirm.getByLabel('Odometer at arrival (miles)').fill(arrival);
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#468' } })
      .jpeg()
      .toBuffer();
    await confirm
      .locator('input[type=file]')
      .setInputFiles({ name: 'arrival.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await confirm.getByText('1 of 1 photo uploaded').waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, '[role="dialog"]');
    await shot(confirm, 'confirm-390');
    await confirm.getByRole('button', { name: 'Confirm delivery' }).click();
    await toast(page, DELIVERY_TEXT.deliveryConfirmed);

    await delivery.getByText(new RegExp(`^Delivery confirmed .* odometer ${arrival} mi$`)).waitFor();
    await delivery.getByRole('list', { name: 'Photos at arrival' }).getByRole('img').waitFor();
    await card.getByText(SALE_STAGES.delivered, { exact: true }).first().waitFor();
    await card.getByText(/^Guarantee: \d+ business days? left \(until /).waitFor();
    expect(await delivery.getByRole('button', { name: 'Confirm delivery' }).count()).toBe(0);
    await expectNoAxeViolations(page, `[data-testid="dealer-delivery-${sale.id}"]`);
    await shot(card, 'delivered-390');
    expect(await noSideScroll(page)).toBe(true);
    expect(dealer.errors).toEqual([]);
  });
});
