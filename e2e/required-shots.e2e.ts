import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUIRED_SHOTS_TEXT } from '../contracts/required-shots';
import { UPLOAD_TEXT } from '../contracts/upload';
import { type FakeVpic, startFakeVpic } from '../server/test/fake-vpic';
import { type RunningServer, startAppServer } from './support/app-server';
import { axeViolations } from './support/axe';
import { openPage, toast } from './support/browser-page';
import { launchChromium, releaseChromium } from './support/chromium';
import { skipGuidedShots } from './support/required-shots';
import { signInAdmin, signInToUpload } from './support/sign-in';
import { mp4Bytes, writeTempFile } from './support/video-fixture';

/**
 * Required shots (issue #34) on a phone: the admin makes the engine bay required and the VIN plate
 * optional; staff skip a required shot with a reason (Other, in their words) and the rest for
 * "Could not access"; the admin reviewing the queued car reads each skipped shot and why.
 */
const ACCORD = '1HGCM82633A004352';
const SHOTS = `${process.env.SCREENSHOT_DIR ?? '/tmp'}/required-shots`;
const PHONE_390 = { width: 390, height: 844 } as const;

let server: RunningServer;
let vpic: FakeVpic;
let browser: Browser;
beforeAll(async () => {
  vpic = await startFakeVpic();
  // An empty marketplace (the empty template's copy): the admin's dashboard holds only this car.
  [server, browser] = await Promise.all([
    startAppServer({ VPIC_BASE_URL: vpic.baseUrl, SEED_DEMO: 'false' }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await releaseChromium(browser);
  await server?.stop();
  await vpic?.stop();
});

const open = () => openPage(browser, PHONE_390, { baseURL: server.url });
const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 }).waitFor();
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const seriousAxe = (page: Page, selector: string) => axeViolations(page, { include: selector });

describe('required shots', () => {
  it('are chosen by the admin, then skipped with a reason by staff, and the admin reads why', async () => {
    // The admin: the engine bay becomes required, the VIN plate optional.
    const admin = await open();
    await signInAdmin(admin.page);
    const form = admin.page.getByRole('form', { name: /Required guided shots/ });
    // Below the queue's cards, drawn once the reader comes near it.
    const nearShots = () =>
      admin.page.getByRole('heading', { name: REQUIRED_SHOTS_TEXT.title }).scrollIntoViewIfNeeded();
    await nearShots();
    await form.waitFor();
    const vinPlate = form.getByRole('checkbox', { name: 'VIN plate / door jamb' });
    const engineBay = form.getByRole('checkbox', { name: 'Engine bay' });
    expect(await vinPlate.isChecked()).toBe(true);
    expect(await engineBay.isChecked()).toBe(false);
    expect(await form.getByRole('checkbox', { checked: true }).count()).toBe(10);
    const save = form.getByRole('button', { name: 'Save required shots' });
    expect(await save.isDisabled()).toBe(true);
    await vinPlate.uncheck();
    await engineBay.check();
    expect((await engineBay.locator('xpath=..').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await save.click();
    await toast(admin.page, REQUIRED_SHOTS_TEXT.saved);
    await form.scrollIntoViewIfNeeded();
    await admin.page.screenshot({ path: `${SHOTS}-admin-390.png`, fullPage: false });
    expect(await seriousAxe(admin.page, 'form[aria-labelledby]')).toEqual([]);
    expect(await noSidewaysScroll(admin.page)).toBe(true);
    await admin.page.reload();
    await nearShots();
    await form.waitFor();
    expect(await form.getByRole('checkbox', { name: 'VIN plate / door jamb' }).isChecked()).toBe(false);
    expect(await form.getByRole('checkbox', { name: 'Engine bay' }).isChecked()).toBe(true);
    expect(await form.getByText(/^Last changed /).count()).toBe(1);

    // Staff in the lot, on a phone.
    const staff = await open();
    const page = staff.page;
    await signInToUpload(page);
    await page.getByLabel('VIN').fill(ACCORD);
    await page.getByRole('main').getByRole('status').filter({ hasText: UPLOAD_TEXT.vinDecoded }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(page, 'Walkaround video');
    await page.getByLabel('Choose a video').setInputFiles(writeTempFile('walk.mp4', mp4Bytes(200_000)));
    await heading(page, 'Photos');

    // The shot list marks what is required, as the admin chose (once the server's list has come:
    // until then the wizard shows the last list it read, here the default).
    const shotList = page.getByRole('navigation', { name: 'Shot list' });
    await expect
      .poll(() => shotList.getByRole('button', { name: /Engine bay/ }).textContent())
      .toContain('Required');
    expect(await shotList.getByRole('button', { name: /VIN plate/ }).textContent()).not.toContain('Required');
    expect(await shotList.getByRole('button', { name: /Front ¾ left/ }).textContent()).toContain('Required');
    const chip = await shotList.getByRole('button', { name: /Engine bay/ }).boundingBox();
    expect(chip!.height).toBeGreaterThanOrEqual(44);

    // Continue is held, naming every required shot still open.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Required shots missing: Front ¾ left, Front,' })
      .filter({ hasText: 'Dashboard with odometer, Engine bay. Take them or skip with a reason.' })
      .waitFor();
    expect(await page.getByRole('heading', { name: 'Photos', level: 2 }).count()).toBe(1);

    // The first required shot: Skip asks why; Other needs a few words.
    await page.getByRole('heading', { name: 'Front ¾ left', level: 3 }).waitFor();
    const skipWhy = page.getByRole('button', { name: 'Skip with a reason' });
    // Cancel gives the focus back to the button it came from.
    await skipWhy.click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => skipWhy.evaluate((el) => el === document.activeElement)).toBe(true);
    await skipWhy.click();
    const why = page.getByRole('form', { name: 'Why skip “Front ¾ left”?' });
    await why.waitFor();
    // The first choice has the focus, for a keyboard or a screen reader.
    expect(
      await why
        .getByRole('radio', { name: 'Not applicable to this vehicle' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    for (const reason of [
      'Not applicable to this vehicle',
      'Part missing or damaged',
      'Could not access',
      'Other',
    ]) {
      const row = await why.getByRole('radio', { name: reason }).locator('xpath=..').boundingBox();
      expect(row!.height, reason).toBeGreaterThanOrEqual(44);
    }
    await why.getByRole('button', { name: 'Skip shot' }).click();
    await why.getByRole('alert').filter({ hasText: 'Choose why the shot is skipped.' }).waitFor();
    await why.getByRole('radio', { name: 'Other' }).check();
    await why.getByRole('button', { name: 'Skip shot' }).click();
    await why.getByRole('alert').filter({ hasText: REQUIRED_SHOTS_TEXT.noteRequired }).waitFor();
    await why.getByLabel('What happened?').fill('Car parked against the wall');
    await page.screenshot({ path: `${SHOTS}-skip-390.png`, fullPage: false });
    expect(await seriousAxe(page, 'main')).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
    await why.getByRole('button', { name: 'Skip shot' }).click();
    // The next shot's name has the focus (a screen reader hears where the list went on).
    const next = page.getByRole('heading', { name: 'Front', exact: true, level: 3 });
    await next.waitFor();
    await expect.poll(() => next.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await shotList.getByRole('button', { name: /Front ¾ left/ }).textContent()).toContain(
      '(skipped: Car parked against the wall)',
    );

    // The rest: required ones for "Could not access", optional ones (the VIN plate now) as they are.
    await skipGuidedShots(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(page, 'Condition');
    await page.getByRole('button', { name: 'Create vehicle' }).click();
    await toast(page, UPLOAD_TEXT.vehicleCreated);
    await heading(page, 'Recon report');
    await page.getByRole('button', { name: 'Save recon' }).click();
    await toast(page, UPLOAD_TEXT.addedToQueue);

    // The admin reviewing the queued car reads each skipped shot and why.
    await admin.page.reload();
    const card = admin.page.getByRole('article').filter({ hasText: ACCORD });
    const skipped = card.getByRole('list', { name: /^Shots skipped for / });
    await skipped.waitFor();
    const lines = await skipped.getByRole('listitem').allTextContents();
    expect(lines).toEqual([
      'Skipped: Front ¾ left — Car parked against the wall',
      'Skipped: Front — Could not access',
      'Skipped: Front ¾ right — Could not access',
      'Skipped: Right side — Could not access',
      'Skipped: Rear ¾ right — Could not access',
      'Skipped: Rear — Could not access',
      'Skipped: Rear ¾ left — Could not access',
      'Skipped: Left side — Could not access',
      'Skipped: Dashboard with odometer — Could not access',
      'Skipped: Engine bay — Could not access',
    ]);
    await skipped.scrollIntoViewIfNeeded();
    await admin.page.screenshot({ path: `${SHOTS}-queue-390.png`, fullPage: false });
    expect(await noSidewaysScroll(admin.page)).toBe(true);

    expect(admin.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await admin.context.close();
    await staff.context.close();
  });
});
