import { dealerPartPath } from '@contracts/dealer-dashboard';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningServer, startAppServer } from './support/app-server';
import { axeViolations } from './support/axe';
import { openPage, toast } from './support/browser-page';
import { DESKTOP, launchChromium, releaseChromium } from './support/chromium';
import { signInContext } from './support/sign-in';

/** Dealer dashboard → Notifications (issue #16): per event, e-mail and/or SMS, saved and kept; the alert schedule beside it. */
const PHONE_390 = { width: 390, height: 844 } as const;

let browser: Browser;
let server: RunningServer;
beforeAll(async () => {
  // Its own server (the journey changes data), with SMS configured so the SMS switches are live.
  // Nothing is texted here: no event happens, and the Twilio base points at a closed port.
  [server, browser] = await Promise.all([
    startAppServer({
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: 'e2e-twilio-token-0123456789',
      TWILIO_FROM: '+15550100199',
      TWILIO_API_BASE: 'http://127.0.0.1:9',
    }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await releaseChromium(browser);
  await server?.stop();
});

/** The event's group: its label, and "Off" after it when both channels are off (not another label containing it). */
const event = (page: Page, label: string) =>
  page.getByRole('group', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( Off)?$`) });
const checkbox = (page: Page, label: string, channel: 'E-mail' | 'SMS') =>
  event(page, label).getByRole('checkbox', { name: channel });

describe('dealer notification settings', () => {
  it('toggles e-mail and SMS per event on a 390 px phone, saves with a toast, and a reload shows them', async () => {
    const demo = server.demoDealer!;
    const { page, context, errors } = await openPage(browser, PHONE_390, { baseURL: server.url });
    await signInContext(context, 'dealer', demo);
    // The link every e-mail carried before the dashboard had sections lands in its section now.
    await page.goto('/dealer/dashboard#notifications');
    await page.waitForURL('**/dealer/dashboard/team#notifications');
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();

    // Defaults: e-mail on, SMS off, and who gets it (masked).
    expect(await checkbox(page, 'Counter offer on your offer', 'E-mail').isChecked()).toBe(true);
    expect(await checkbox(page, 'Counter offer on your offer', 'SMS').isChecked()).toBe(false);
    expect(await event(page, 'Payment received').innerText()).toMatch(
      /\(billing contact\): \S•••@\S+ · •••-•••-\d{4}/,
    );
    const save = page.getByRole('button', { name: 'Save notification settings' });
    expect(await save.isDisabled()).toBe(true);

    // Counter offers by text only; payments by both; expired offers not at all.
    await checkbox(page, 'Counter offer on your offer', 'E-mail').uncheck();
    await checkbox(page, 'Counter offer on your offer', 'SMS').check();
    await checkbox(page, 'Payment received', 'SMS').check();
    await checkbox(page, 'Offer expired', 'E-mail').uncheck();
    await event(page, 'Offer expired').getByText('Off', { exact: true }).waitFor();
    await save.click();
    await toast(page, 'Notification settings saved');
    await expect.poll(() => save.isDisabled()).toBe(true);

    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Saved, the form keeps what was chosen. That the choices are stored and read back is
    // preferences.test 'saves a dealer’s own choices only, and reads them back'; the form is filled
    // from what the server answers (the defaults above).
    expect(await checkbox(page, 'Counter offer on your offer', 'E-mail').isChecked()).toBe(false);
    expect(await checkbox(page, 'Counter offer on your offer', 'SMS').isChecked()).toBe(true);
    expect(await checkbox(page, 'Payment received', 'E-mail').isChecked()).toBe(true);
    expect(await checkbox(page, 'Payment received', 'SMS').isChecked()).toBe(true);
    expect(await checkbox(page, 'Offer expired', 'E-mail').isChecked()).toBe(false);
    expect(await checkbox(page, 'Offer accepted', 'E-mail').isChecked()).toBe(true);

    expect(await axeViolations(page, { include: '#notifications' })).toEqual([]);

    // Alert schedule (the dashboard's Buy orders & alerts, one tap away): a half-set quiet range is
    // refused at its field before anything is sent, then both ends save with a toast. The rules are
    // the contract's (alert-delivery tests); this is the form on react-hook-form with that contract.
    await page
      .getByRole('navigation', { name: 'Dashboard sections' })
      .getByRole('link', { name: /^Buy orders & alerts/ })
      .click();
    const schedule = page.locator('#alert-schedule');
    await schedule.getByLabel('Quiet from').selectOption({ label: '10 PM' });
    await schedule.getByRole('button', { name: 'Save alert schedule' }).click();
    await schedule.getByText('Set both ends of the quiet hours, or neither').waitFor();
    await schedule.getByLabel('Quiet until').selectOption({ label: '6 AM' });
    await schedule.getByRole('button', { name: 'Save alert schedule' }).click();
    await toast(page, 'Alert schedule saved');
    expect(await schedule.getByText('Set both ends of the quiet hours, or neither').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without SMS configured, the SMS switches are disabled and say why', async () => {
    // The suite's shared server has no TWILIO_*; this journey only reads.
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await signInContext(context, 'dealer', inject('demoDealer'));
    await page.goto(dealerPartPath('notifications'));
    await page.getByText('Text messages are not set up on this marketplace yet').waitFor();
    expect(await checkbox(page, 'Counter offer on your offer', 'SMS').isDisabled()).toBe(true);
    expect(await checkbox(page, 'Counter offer on your offer', 'E-mail').isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
