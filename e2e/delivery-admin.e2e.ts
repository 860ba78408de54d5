import {
  DELIVERY_TEXT,
  FLOOR_PLAN_STATUS_LABELS,
  type FloorPlanBoardRow,
  type FloorPlanLine,
  TRANSPORT_STATUS_LABELS,
  type TransportBoardRow,
} from '@contracts/delivery';
import type { AdminListing } from '@contracts/listings';
import type { AdminTransaction } from '@contracts/transactions';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startAppServer } from './support/app-server';
import { axeViolations } from './support/axe';
import { openPage, scrollToMiddle, toast } from './support/browser-page';
import { DESKTOP, launchChromium, releaseChromium } from './support/chromium';
import { adminToken, signInAdmin, signInContext } from './support/sign-in';

const PHONE_390 = { width: 390, height: 844 } as const;
/** E2E_SCREENSHOTS=/some/dir keeps the boards and the sale's details at 1280 and 390 px. */
const SHOTS = process.env.E2E_SCREENSHOTS;

/**
 * Admin side of certified delivery and floor plan (issue #32, docs/design.md §15). No carrier or lender
 * API is configured, so both are "arranged by our team": the demo dealer records a NextGear line
 * and buys a car (its location ZIP and inoperable set by the admin first) with
 * transport and that line; the admin approves the floor plan on the Floor plan tab, which releases
 * the car, moves the transport to delivered on the Transport tab with a bill of lading photo, and
 * the sale's details read the same as the boards, the title going to the lender; then the lender
 * funds it (its reference on the board and the sale). At 390 px the Complete form's location
 * fields fit; a second sale's request is declined and its transport cancelled after a confirmation,
 * and its details say so.
 */
let server: RunningServer;
let browser: Browser;
let token: string;
let owner: APIRequestContext;
let line: FloorPlanLine;
beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  token = await adminToken(server.url);
  const context = await browser.newContext({ baseURL: server.url });
  // The dealership's shared sign-in (name and buy code) acts as the dealership: it may add a line.
  await signInContext(context, 'dealer', server.demoDealer!);
  owner = context.request;
  const created = await owner.post('/api/dealer/floor-plan-lines', {
    data: { lender: 'nextgear', accountNumber: 'NG-554821' },
  });
  expect(created.status(), await created.text()).toBe(201);
  line = (await created.json()) as FloorPlanLine;
}, 120_000);
afterAll(async () => {
  await releaseChromium(browser);
  await server?.stop();
});

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
const transportRow = async (transactionId: number) =>
  (
    await api<{ items: TransportBoardRow[] }>(`/api/transport-orders?status=all&q=${transactionId}&limit=100`)
  ).items.find((r) => r.transactionId === transactionId)!;
const floorPlanRow = async (transactionId: number) =>
  (await api<{ items: FloorPlanBoardRow[] }>('/api/floor-plan-requests?sort=newest&limit=100')).items.find(
    (r) => r.transactionId === transactionId,
  )!;
const saleOf = async (transactionId: number) =>
  (await api<{ items: AdminTransaction[] }>('/api/transactions?limit=100')).items.find(
    (t) => t.id === transactionId,
  )!;

/** The demo dealer's Buy Now with transport and the floor-plan line (POST /api/verify-code). */
async function buyWithDelivery(vehicleId: number, toZip: string, address: string) {
  const bought = await owner.post('/api/verify-code', {
    data: {
      code: server.demoDealer!.buyCode,
      vehicleId,
      transport: { toZip, address, enclosed: false },
      floorPlanLineId: line.id,
    },
  });
  expect(bought.status(), await bought.text()).toBe(200);
  return ((await bought.json()) as { transactionId: number }).transactionId;
}

/** Published cars, newest first (the demo's other journeys buy the oldest). */
const listedCars = async () =>
  (await api<AdminListing[]>('/api/vehicles'))
    .filter((v) => v.status === 'active' && !v.inQueue)
    .sort((a, b) => b.id - a.id);

const jpeg = async (name: string, background: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 800, height: 1000, channels: 3, background } })
    .jpeg()
    .toBuffer(),
});
const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const seriousAxe = async (page: Page) => {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  return axeViolations(page);
};

describe('Admin → Transport and Floor plan', () => {
  it('approves and funds the floor plan, moves the transport to delivered; the sale reads the same (1280 px)', {
    timeout: 180_000,
  }, async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP, { baseURL: server.url });
    await signInAdmin(page, '/admin?tab=listings');

    // The admin says where the car stands and that it does not run (Manage Listings → Edit).
    const car = (await listedCars())[0]!;
    await page
      .getByTestId(`listing-${car.id}`)
      .getByRole('button', { name: /^Edit\s*:/ })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit listing' });
    await edit.getByLabel('Location ZIP').fill('3030');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.getByText(DELIVERY_TEXT.zipRequired).waitFor();
    await edit.getByLabel('Location ZIP').fill('30301');
    await edit.getByLabel(/^Inoperable/).check();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/listing-edit-1280.png` });
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Listing updated');
    // What the edit stores is listing-location.test 'edits a published listing…'.

    // The dealer buys it with transport to Chicago, paid with the NextGear line.
    const transactionId = await buyWithDelivery(car.id, '60601', '233 S Wacker Dr, Chicago');
    const ordered = await transportRow(transactionId);
    expect(ordered).toMatchObject({ status: 'awaiting_release', arrangedBy: 'team', pickupLate: false });
    expect(ordered.waitingFor).toBeTruthy();
    const requested = await floorPlanRow(transactionId);
    expect(requested).toMatchObject({ status: 'requested', arrangedBy: 'team', label: line.label });
    const bought = await saleOf(transactionId);
    expect(bought.transport).toMatchObject({ fromZip: '30301', toZip: '60601', inoperable: true });

    // Floor plan: waiting for the lender, counted on its tab and on its own button (issue #47: the server's count).
    await page.goto('/admin?tab=floor-plan');
    const { counts } = await api<{ counts: { requested: number } }>('/api/floor-plan-requests?limit=1');
    const waiting = counts.requested;
    const fpTab = page.locator('[data-tab="floor-plan"]');
    await expect.poll(() => fpTab.textContent()).toBe(`Floor plan(${waiting} waiting)`);
    const fpBoard = page.getByRole('table', { name: 'Floor plan requests' });
    const fpRow = page.getByTestId(`floor-plan-${requested.requestId}`);
    await page.getByRole('button', { name: `${FLOOR_PLAN_STATUS_LABELS.requested}: ${waiting}` }).click();
    expect(new URL(page.url()).searchParams.get('fp-status')).toBe('requested');
    await fpRow.getByText(FLOOR_PLAN_STATUS_LABELS.requested).waitFor();
    await expect.poll(() => fpBoard.getByRole('row').count()).toBe(Math.min(waiting, 25) + 1);
    await page.getByRole('button', { name: /^All requests/ }).click();
    await page.getByLabel('Sort', { exact: true }).selectOption('newest');
    await fpRow.waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/floor-plan-tab-1280.png`, fullPage: true });

    // Approve: the contract's rule first (a reference), then the lender's reference.
    await fpRow.getByRole('button', { name: `Approve: ${requested.vehicle}` }).click();
    let dialog = page.getByRole('dialog', { name: 'Lender approved' });
    await dialog.getByRole('button', { name: 'Record approval' }).click();
    await dialog.getByText('Enter the lender’s reference').waitFor();
    await dialog.getByLabel('Lender’s reference').fill('NG-APP-77120');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/floor-plan-approve-1280.png` });
    await dialog.getByRole('button', { name: 'Record approval' }).click();
    await toast(page, 'Floor plan approved');
    await fpRow.getByText(FLOOR_PLAN_STATUS_LABELS.approved).waitFor();
    await fpRow.getByText('NG-APP-77120').waitFor();
    await fpRow.getByRole('button', { name: `Fund: ${requested.vehicle}` }).waitFor();
    expect(await fpRow.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
    expect(await seriousAxe(page)).toEqual([]);

    // Transport: approval released the car; our team moves it to delivered.
    await page.getByRole('tab', { name: /^Transport/ }).click();
    const row = page.getByTestId(`transport-${ordered.orderId}`);
    // The board is a server page (issue #47): the car found by its VIN, the search kept in the URL.
    await page.getByLabel('Search by VIN, dealer or number').fill(ordered.vin);
    await page.waitForURL((url) => url.searchParams.get('tr-q') === ordered.vin);
    await row.getByText(TRANSPORT_STATUS_LABELS.unassigned).waitFor();
    await page.getByRole('button', { name: 'Open orders: 1' }).waitFor();
    expect(await row.textContent()).not.toContain('Waiting for:');
    const steps = [
      { button: 'Mark carrier assigned', status: TRANSPORT_STATUS_LABELS.assigned },
      { button: 'Mark picked up', status: TRANSPORT_STATUS_LABELS.picked_up },
      { button: 'Mark in transit', status: TRANSPORT_STATUS_LABELS.in_transit },
      { button: 'Mark delivered', status: TRANSPORT_STATUS_LABELS.delivered },
    ];
    for (const [index, step] of steps.entries()) {
      if (step.status === TRANSPORT_STATUS_LABELS.in_transit) {
        // In transit is one more dialog like the others: moved through the API (the state machine is
        // delivery-team.test's and transport.test's); the board follows the sale's live change.
        await api(`/api/transport-orders/${ordered.orderId}`, {
          method: 'PATCH',
          body: JSON.stringify({ status: 'in_transit', carrierName: 'Peach State Auto Transport' }),
        });
        await row.getByText(step.status, { exact: true }).waitFor();
        continue;
      }
      if (step.status === TRANSPORT_STATUS_LABELS.delivered) {
        // Delivered leaves the open orders: show every order first (its button, with its count).
        await page.getByRole('button', { name: 'All orders: 1' }).click();
        expect(new URL(page.url()).searchParams.get('tr-status')).toBe('all');
      }
      await row.getByRole('button', { name: `${step.button}: ${ordered.vehicle}` }).click();
      dialog = page.getByRole('dialog', { name: step.button });
      if (index === 0) {
        await dialog.getByLabel('Carrier name (optional)').fill('Peach State Auto Transport');
        await dialog.getByLabel('Estimated arrival (optional)').fill('2030-03-14T15:30');
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/transport-move-1280.png` });
      } else {
        expect(await dialog.getByLabel('Carrier name (optional)').inputValue()).toBe(
          'Peach State Auto Transport',
        );
      }
      await dialog.getByRole('button', { name: step.button }).click();
      await toast(page, 'Transport updated');
      await row.getByText(step.status, { exact: true }).waitFor();
      if (index === 0) {
        await row.getByText('Peach State Auto Transport').waitFor();
        await row.getByText(/ETA Mar 14, 2030/).waitFor();
        // Once picked up it can no longer be cancelled; before that it can.
        await row.getByRole('button', { name: `Cancel transport: ${ordered.vehicle}` }).waitFor();
      }
      if (index === 1) {
        expect(await row.getByRole('button', { name: /^Cancel transport/ }).count()).toBe(0);
        // The bill of lading, signed at pickup: a photo through tus, attached to the order.
        // The chooser opens from the row's button (its input is made as it is pressed): photos, several.
        const [chooser] = await Promise.all([
          page.waitForEvent('filechooser'),
          row.getByRole('button', { name: `Add bill of lading photos: ${ordered.vehicle}` }).click(),
        ]);
        expect(chooser.isMultiple()).toBe(true);
        expect(await chooser.element().getAttribute('accept')).toBe('image/*,.heic,.heif');
        await chooser.setFiles([await jpeg('bol.jpg', '#e6e0cc')]);
        await toast(page, 'Bill of lading added');
      }
    }
    expect(await row.getByRole('button', { name: /^Mark / }).count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/transport-tab-1280.png`, fullPage: true });
    expect(await seriousAxe(page)).toEqual([]);

    // The sale's details read the board's facts. That the boards and the sale hold one delivery
    // state is delivery-team.test's ('waits for the lender’s approval and the reconditioning…',
    // 'one delivery state').
    await page.getByRole('tab', { name: /^Transactions/ }).click();
    await page
      .getByTestId(`transaction-${transactionId}`)
      .getByRole('button', { name: /^Details/ })
      .click();
    const details = page.getByRole('dialog', { name: 'Sale details' });
    const transport = details.getByTestId('sale-transport');
    await transport.getByText(TRANSPORT_STATUS_LABELS.delivered, { exact: true }).waitFor();
    expect(await transport.textContent()).toContain('Peach State Auto Transport');
    expect(await transport.textContent()).toContain('(30301)');
    expect(await transport.textContent()).toContain('(60601)');
    expect(await transport.getByRole('list', { name: 'Bill of lading' }).getByRole('img').count()).toBe(1);
    const floorPlan = details.getByTestId('sale-floor-plan');
    await floorPlan.getByText(FLOOR_PLAN_STATUS_LABELS.approved).waitFor();
    expect(await floorPlan.textContent()).toContain('NG-APP-77120');
    expect(await floorPlan.textContent()).toContain(line.label);
    await details.getByRole('heading', { name: `Title goes to ${line.label} (floor plan)` }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sale-details-1280.png` });
    expect(await seriousAxe(page)).toEqual([]);
    await details.getByRole('button', { name: 'Close' }).click();

    // The lender pays: Fund with its reference; the sale reads it too, the title still the lender's.
    await page.getByRole('tab', { name: /^Floor plan/ }).click();
    await fpRow.getByRole('button', { name: `Fund: ${requested.vehicle}` }).click();
    dialog = page.getByRole('dialog', { name: 'Lender funded' });
    await dialog.getByLabel('Lender’s reference').fill('NG-FND-88001');
    await dialog.getByRole('button', { name: 'Record funding' }).click();
    await toast(page, 'Floor plan funded');
    await fpRow.getByText(FLOOR_PLAN_STATUS_LABELS.funded).waitFor();
    await fpRow.getByText('NG-FND-88001').waitFor();
    expect(await fpRow.getByRole('button').count()).toBe(0);
    // The sale's funded floor plan and the title to the lender: floor-plan.test 'asks the lender for
    // what is owed; approval releases, funding pays, the title goes to the lender'.
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone: a request declined and a transport cancelled after a confirmation (390 px)', {
    timeout: 120_000,
  }, async () => {
    const car = (await listedCars())[0]!;
    const transactionId = await buyWithDelivery(car.id, '10001', '350 5th Ave, New York');
    const order = await transportRow(transactionId);
    const request = await floorPlanRow(transactionId);

    const { page, context, errors } = await openPage(browser, PHONE_390, { baseURL: server.url });
    // A queued car's Complete form asks where it stands and whether it runs, fitting the phone.
    await signInAdmin(page, '/admin?tab=complete');
    const queued = page.locator('[data-testid^="queue-"]').first();
    // On a phone the card's form sits below its photos and is drawn as the admin scrolls to it.
    await scrollToMiddle(queued);
    await queued.getByLabel('Location ZIP').waitFor();
    await queued.getByLabel(/^Inoperable/).waitFor();
    expect(await noOverflow(page)).toBe(true);
    if (SHOTS) await queued.screenshot({ path: `${SHOTS}/complete-form-390.png` });

    await page.goto('/admin?tab=floor-plan');
    const fpRow = page.getByTestId(`floor-plan-${request.requestId}`);
    await fpRow.getByText(FLOOR_PLAN_STATUS_LABELS.requested).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/floor-plan-tab-390.png`, fullPage: true });
    expect(await noOverflow(page)).toBe(true);
    const decline = fpRow.getByRole('button', { name: `Decline: ${request.vehicle}` });
    expect((await decline.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await decline.click();
    const dialog = page.getByRole('dialog', { name: 'Lender declined' });
    await dialog.getByLabel('Why the lender declined').fill('Line over its limit this month');
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Record decline' }).click();
    await toast(page, 'Floor plan declined');
    await fpRow.getByText(FLOOR_PLAN_STATUS_LABELS.declined).waitFor();
    await fpRow.getByText('Line over its limit this month').waitFor();
    expect(await fpRow.getByRole('button').count()).toBe(0);

    // Its transport still waits for payment; cancelled, asked first.
    await page.goto(`/admin?tab=transport&tr-q=${order.vin}`);
    const row = page.getByTestId(`transport-${order.orderId}`);
    await row.getByText(TRANSPORT_STATUS_LABELS.awaiting_release).waitFor();
    await row.getByText(/^Waiting for: /).waitFor();
    expect(await row.getByRole('button', { name: /^Mark / }).count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/transport-tab-390.png`, fullPage: true });
    expect(await noOverflow(page)).toBe(true);
    const cancel = row.getByRole('button', { name: `Cancel transport: ${order.vehicle}` });
    expect((await cancel.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await cancel.click();
    let confirm = page.getByRole('alertdialog', { name: `Cancel the transport of ${order.vehicle}?` });
    await confirm.getByRole('button', { name: 'Keep as is' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await transportRow(transactionId)).status).toBe('awaiting_release');
    await cancel.click();
    confirm = page.getByRole('alertdialog', { name: `Cancel the transport of ${order.vehicle}?` });
    await confirm.getByRole('button', { name: 'Cancel transport' }).click();
    await toast(page, 'Transport cancelled');
    // Cancelled leaves the open orders.
    await row.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `${TRANSPORT_STATUS_LABELS.cancelled}: 1` }).click();
    await row.getByText(TRANSPORT_STATUS_LABELS.cancelled, { exact: true }).waitFor();
    expect((await transportRow(transactionId)).status).toBe('cancelled');
    expect((await saleOf(transactionId)).transport!.status).toBe('cancelled');
    // The sale's details on the phone: the cancelled transport and the declined request.
    await page.getByRole('tab', { name: /^Transactions/ }).click();
    await page
      .getByTestId(`transaction-${transactionId}`)
      .getByRole('button', { name: /^Details/ })
      .click();
    const details = page.getByRole('dialog', { name: 'Sale details' });
    await details
      .getByTestId('sale-transport')
      .getByText(TRANSPORT_STATUS_LABELS.cancelled, { exact: true })
      .waitFor();
    await details.getByTestId('sale-floor-plan').getByText(FLOOR_PLAN_STATUS_LABELS.declined).waitFor();
    // Declined: the title still goes to the dealer.
    await details.getByRole('heading', { name: 'Title sent' }).waitFor();
    expect(await details.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sale-details-390.png` });
    await details.getByRole('button', { name: 'Close' }).click();
    expect(await seriousAxe(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
