import { dealerItemPath } from '@contracts/dealer-dashboard';
import { RECON_PACKAGE_TEXT } from '@contracts/recon-package-texts';
import { progressText, WORK_ORDER_STATUS_LABELS, WORK_ORDER_TEXT } from '@contracts/work-order-texts';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startAppServer } from './support/app-server';
import { openPage, toast } from './support/browser-page';
import { launchChromium, releaseChromium } from './support/chromium';
import { signInContext } from './support/sign-in';

const PHONE_390 = { width: 390, height: 844 } as const;

/**
 * Reconditioning (issue #31) on two phones at 390 px: the signed-in demo dealer buys a car with the
 * Mechanical package; on the lot, staff work its tasks in the Recon area — one with an after photo
 * from the camera — while the dealer's dashboard follows each change live, without a reload.
 */
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
});
afterAll(async () => {
  await releaseChromium(browser);
  await server?.stop();
});

const hasNoOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('work orders', () => {
  it('staff complete the tasks with a photo while the dealer’s dashboard updates live', async () => {
    const demo = server.demoDealer!;
    const dealer = await openPage(browser, PHONE_390, { baseURL: server.url });
    await signInContext(dealer.page.context(), 'dealer', demo);
    const packages = (await (await dealer.page.request.get('/api/recon-packages')).json()) as {
      id: number;
      name: string;
    }[];
    const mechanical = packages.find((p) => p.name === 'Mechanical')!;
    const cars = (await (await dealer.page.request.get('/api/vehicles')).json()) as { id: number }[];
    const car = cars.sort((a, b) => b.id - a.id)[0]!;
    // The dealer chooses the standard in the Buy Now dialog and sees what the sale costs with it.
    await dealer.page.goto(`/vehicle/${car.id}`);
    await dealer.page.getByRole('main').getByRole('button', { name: 'Buy Now' }).click();
    const buy = dealer.page.getByRole('dialog', { name: 'Buy Now' });
    const picker = buy.getByLabel(RECON_PACKAGE_TEXT.choose);
    await expect.poll(() => picker.isEnabled()).toBe(true);
    await picker.selectOption({ label: `${mechanical.name} · $495` });
    await buy.getByText(/ \+ \$495 reconditioning = /).waitFor();
    await buy.getByLabel('Buy code').fill(demo.buyCode);
    await buy.getByRole('button', { name: /^Buy for / }).click();
    await toast(dealer.page, 'Success!');
    const sales = (await (await dealer.page.request.get('/api/dealer/transactions')).json()) as {
      id: number;
      vehicleId: number;
    }[];
    const transactionId = sales.find((t) => t.vehicleId === car.id)!.id;
    const mine = (
      (await (await dealer.page.request.get('/api/dealer/work-orders/page?limit=100')).json()) as {
        items: { id: number; transactionId: number; total: number }[];
      }
    ).items;
    const order = mine.find((w) => w.transactionId === transactionId)!;
    expect(order.total).toBeGreaterThan(0);

    // The work order e-mails' link (work-order-messages.ts) opens its card, focused.
    await dealer.page.goto(dealerItemPath('workOrder', order.id));
    const card = dealer.page
      .locator('#reconditioning [data-testid="dealer-work-order"]')
      .filter({ hasText: `Transaction #${transactionId}` });
    await expect
      .poll(() => dealer.page.evaluate(() => document.activeElement?.id))
      .toBe(`work-order-${order.id}`);
    await card.getByText(progressText(0, order.total)).waitFor();
    // The package's price, never the shop's costs (issue #43).
    expect(await card.getByTestId('dealer-work-order-price').innerText()).toBe('$495');
    expect(order).not.toHaveProperty('totalCost');
    await card.getByText(WORK_ORDER_STATUS_LABELS.to_do, { exact: true }).waitFor();

    const staff = await openPage(browser, PHONE_390, { baseURL: server.url });
    await signInContext(staff.page.context(), 'staff');
    await staff.page.goto('/upload/recon');
    await staff.page.getByRole('heading', { name: WORK_ORDER_TEXT.staffTitle }).waitFor();
    await staff.page.locator('button', { hasText: mechanical.name }).first().waitFor();
    await staff.page.goto(`/upload/recon?order=${order.id}`);
    const tasks = staff.page
      .getByRole('list', { name: 'Tasks' })
      .getByRole('listitem')
      .filter({
        has: staff.page.locator('h3'),
      });
    await tasks.first().waitFor();
    expect(await tasks.count()).toBe(order.total);

    // The first task: started (the dealer sees it in progress), an after photo, done.
    const first = tasks.first();
    await first.getByRole('button', { name: WORK_ORDER_TEXT.start }).click();
    await card.getByText(WORK_ORDER_STATUS_LABELS.in_progress, { exact: true }).waitFor();
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    await first
      .locator('label', { hasText: WORK_ORDER_TEXT.afterPhoto })
      .locator('input[type=file]')
      .setInputFiles({ name: 'after.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await first.getByRole('img', { name: /^After:/ }).waitFor({ timeout: 30_000 });
    await first.getByRole('button', { name: WORK_ORDER_TEXT.markDone }).click();
    await card.getByText(progressText(1, order.total)).waitFor();

    // The rest: the last one not needed, with its reason; the others done.
    for (let i = 1; i < order.total; i++) {
      const task = tasks.nth(i);
      if (i === order.total - 1) {
        await task.getByRole('button', { name: WORK_ORDER_TEXT.notNeeded }).click();
        await task.getByLabel(WORK_ORDER_TEXT.reasonLabel).fill('Already done by the seller');
        await task.getByRole('button', { name: WORK_ORDER_TEXT.confirmNotNeeded }).click();
      } else {
        await task.getByRole('button', { name: WORK_ORDER_TEXT.markDone }).click();
        await task.getByText('Done', { exact: true }).first().waitFor();
      }
    }
    await staff.page.getByText(WORK_ORDER_STATUS_LABELS.done).first().waitFor();

    // The dealer's dashboard, never reloaded: front-line ready, with the after photo.
    await card.getByText(WORK_ORDER_STATUS_LABELS.done).waitFor();
    await card.getByText(progressText(order.total, order.total)).waitFor();
    await card.getByRole('img', { name: /^After:/ }).waitFor();
    expect(await hasNoOverflow(dealer.page)).toBe(true);
    expect(await hasNoOverflow(staff.page)).toBe(true);
    expect(dealer.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
  }, 180_000);
});
