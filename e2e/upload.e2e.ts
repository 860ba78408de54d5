import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_TEXT } from '../contracts/upload';
import { VIN_CHECK_DIGIT_OVERRIDE_LABELS } from '../contracts/vin';
import { type FakeVpic, startFakeVpic } from '../server/test/fake-vpic';
import { E2E_ADMIN, E2E_UPLOAD_PASSWORD, type RunningServer, startAppServer } from './support/app-server';
import { axeViolations } from './support/axe';
import { openPage, type PageOptions, scrollToMiddle, toast } from './support/browser-page';
import { DESKTOP, launchChromium, PHONE, releaseChromium } from './support/chromium';
import { skipGuidedShots } from './support/required-shots';
import { signInAdmin, signInToUpload } from './support/sign-in';
import { mp4Bytes, SIX_MB, writeTempFile } from './support/video-fixture';

/**
 * The staff upload wizard against its own server and database: NHTSA vPIC is a fake on 127.0.0.1
 * speaking DecodeVinValues (docs/wire-formats.md); videos go through the real tus endpoint.
 */
const ACCORD = '1HGCM82633A004352';
const BUICK = '1G4AH59H45G118341';
const CHUNK = 5 * 1024 * 1024;
/** The VIN (#34): its check digit does not match (the right one, X, is used elsewhere). */
const WRONG_CHECK_DIGIT = '2T1BURHE1JC043821';
const SHOTS = `${process.env.SCREENSHOT_DIR ?? '/tmp'}/upload`;
const PHONE_390 = { width: 390, height: 844 } as const;

let server: RunningServer;
let vpic: FakeVpic;
let browser: Browser;
let video: string;
beforeAll(async () => {
  // vPIC knows the Accord; any other VIN gets its "incomplete" answer, so the server decodes offline.
  vpic = await startFakeVpic();
  // An empty marketplace (the empty template's copy): the wizard reads nothing of the demo's, and
  // the admin's queue and lists hold only the cars this file creates.
  [server, browser] = await Promise.all([
    startAppServer({ VPIC_BASE_URL: vpic.baseUrl, SEED_DEMO: 'false' }),
    launchChromium(),
  ]);
  // Spans two 5 MB tus chunks.
  video = writeTempFile('walkaround.mp4', mp4Bytes(SIX_MB));
});
afterAll(async () => {
  await releaseChromium(browser);
  await server?.stop();
  await vpic?.stop();
});

/** A fresh page on this file's server, console errors and CSP violations recorded. */
const open = (viewport: { width: number; height: number }, options: Omit<PageOptions, 'baseURL'> = {}) =>
  openPage(browser, viewport, { baseURL: server.url, ...options });
const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 }).waitFor();
const currentStep = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Upload progress' })
    .locator('[aria-current="step"] > span')
    .last()
    .innerText();

/** Serious or critical axe findings on the current step (none expected). */
async function a11y(page: Page, step: string) {
  return (await axeViolations(page, { include: 'main' })).map((finding) => `${step}: ${finding}`);
}

async function reachVideoStep(page: Page, vin: string) {
  await signInToUpload(page);
  await page.getByLabel('VIN').fill(vin);
  await page.getByRole('main').getByRole('status').filter({ hasText: UPLOAD_TEXT.vinDecoded }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await heading(page, 'Walkaround video');
}

/** After the video: no photos (required shots skipped with a reason), no condition; creating the vehicle leads to the recon step. */
async function createWithoutPhotos(page: Page) {
  await heading(page, 'Photos');
  await skipGuidedShots(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await heading(page, 'Condition');
  await page.getByRole('button', { name: 'Create vehicle' }).click();
}

/** Every value the progress bar's aria-valuenow took, recorded in the page. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const read = () => {
      const now = document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
      if (now != null && seen.at(-1) !== Number(now)) seen.push(Number(now));
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
}

/** An admin session's cookie header, signed in through the API. */
async function adminCookie(url = server.url) {
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  expect(cookie).toMatch(/^dm_admin_session=/);
  return cookie;
}

async function adminVehicles(url = server.url) {
  const cookie = await adminCookie(url);
  const list = await fetch(`${url}/api/vehicles`, { headers: { cookie } });
  expect(list.status).toBe(200);
  return (await list.json()) as {
    id: number;
    vin: string;
    year: number | null;
    make: string | null;
    model: string | null;
    trim: string | null;
    mileage: number | null;
    status: string;
    inQueue: boolean;
    videos: string[];
    videoThumbnails: string[];
    reconExterior: string | null;
    reconMechanical: string | null;
    reconInterior: string | null;
  }[];
}

describe('staff upload wizard on a phone', () => {
  it('takes a vehicle from the password to the admin queue with its video and recon', async () => {
    const { page, context, errors } = await open(PHONE);
    await signInToUpload(page);
    expect(await currentStep(page)).toBe('VIN');
    // Chromium on Linux has no BarcodeDetector: no scan button.
    expect(await page.getByRole('button', { name: 'Scan barcode' }).count()).toBe(0);

    const vin = page.getByLabel('VIN');
    expect(await vin.getAttribute('maxlength')).toBe('17');
    await vin.pressSequentially('1hgcm8263o');
    expect(await vin.inputValue()).toBe('1HGCM8263');
    await page.getByText('O removed: the letters I, O and Q are never used in a VIN').waitFor();
    await page.getByText(UPLOAD_TEXT.vinLength).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('main').getByRole('alert').filter({ hasText: UPLOAD_TEXT.vinInvalid }).waitFor();
    expect(await currentStep(page)).toBe('VIN');

    // A wrong check digit is a clear warning; going on needs a reason (or the right VIN).
    await vin.fill('1HGCM82633A004353');
    await page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: UPLOAD_TEXT.checkDigitWarning })
      .waitFor();
    await page.getByRole('main').getByRole('status').filter({ hasText: UPLOAD_TEXT.vinDecoded }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: UPLOAD_TEXT.checkDigitRefused })
      .waitFor();
    expect(await currentStep(page)).toBe('VIN');

    await vin.fill(ACCORD);
    await toast(page, UPLOAD_TEXT.vinDecoded);
    await page.getByRole('main').getByRole('status').filter({ hasText: '2003 Honda Accord EX-V6' }).waitFor();
    expect(await page.getByText(UPLOAD_TEXT.checkDigitWarning).count()).toBe(0);
    expect(await page.getByLabel('Year').inputValue()).toBe('2003');
    expect(await page.getByLabel('Make').inputValue()).toBe('Honda');
    expect(await page.getByLabel('Model').inputValue()).toBe('Accord');
    expect(await page.getByLabel('Trim').inputValue()).toBe('EX-V6');
    expect(await page.getByText(UPLOAD_TEXT.checkDigitRefused).count()).toBe(0);
    // The odometer, typed: checked with the admin's rule, then sent with the vehicle.
    const mileage = page.getByLabel('Mileage');
    await mileage.fill('2000001');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('main').getByRole('alert').filter({ hasText: 'Invalid mileage' }).waitFor();
    await mileage.fill('48,210');
    const findings = await a11y(page, 'vin');
    await page.getByRole('button', { name: 'Continue' }).click();

    await heading(page, 'Walkaround video');
    expect(await currentStep(page)).toBe('Video');
    const record = page.getByLabel('Record video');
    expect(await record.getAttribute('accept')).toBe('video/*');
    expect(await record.getAttribute('capture')).toBe('environment');
    findings.push(...(await a11y(page, 'video')));

    const progress = await recordProgress(page);
    await page.getByLabel('Choose a video').setInputFiles(video);
    await page.getByRole('progressbar', { name: 'Video upload' }).waitFor();
    await createWithoutPhotos(page);
    await toast(page, UPLOAD_TEXT.vehicleCreated);
    await heading(page, 'Recon report');
    const seen = await progress();
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.some((p) => p > 0 && p < 100)).toBe(true);

    findings.push(...(await a11y(page, 'recon')));
    await page.getByLabel('Exterior').fill('Scratch on the rear bumper');
    await page.getByLabel('Interior').fill('Driver seat bolster worn');
    await page.getByRole('button', { name: 'Save recon' }).click();
    await toast(page, UPLOAD_TEXT.addedToQueue);
    await heading(page, UPLOAD_TEXT.addedToQueue);
    expect(await currentStep(page)).toBe('Complete');
    const summary = await page.locator('dl').innerText();
    expect(summary).toContain(ACCORD);
    expect(summary).toContain('2003 Honda Accord EX-V6');
    expect(summary).toContain(UPLOAD_TEXT.vinDecoded);
    expect(summary).not.toContain(UPLOAD_TEXT.notDecoded);
    expect(summary).toContain('48,210 miles');
    findings.push(...(await a11y(page, 'complete')));
    expect(findings).toEqual([]);

    await page.getByRole('button', { name: UPLOAD_TEXT.uploadAnother }).click();
    await page.getByLabel('Password').waitFor();
    expect(await currentStep(page)).toBe('Password');
    expect(
      await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('upload'))),
    ).toEqual([]);
    // Entering the password again starts a fresh wizard.
    await page.getByLabel('Password').fill(E2E_UPLOAD_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(page, 'Vehicle VIN');
    expect(await page.getByLabel('VIN').inputValue()).toBe('');

    // What was stored is the API's: the fields and mileage (media.test 'creates a queued vehicle
    // once per idempotency key…', create-vehicle.test 'writes the mileage staff typed…'), the recon
    // with None Found (manage-listings.test 'lets staff save recon notes only while queued…'), the
    // video private to admins and served in ranges (car-visibility.test 'GET /media/uploads/:name',
    // media.test 'resumes an interrupted upload…and serves the video with ranges').
    const vehicle = (await adminVehicles()).find((v) => v.vin === ACCORD)!;
    // The admin's queue shows the mileage staff typed, ready to publish.
    await signInAdmin(page);
    const queued = page.getByTestId(`queue-${vehicle.id}`);
    // On a phone the card's form, below its photos, is drawn as the admin scrolls to it.
    await scrollToMiddle(queued);
    expect(await queued.getByLabel('Mileage').inputValue()).toBe('48210');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('survives a dropped connection: tus resumes at the offset and the vehicle is created once', async () => {
    // The dropped connection is logged by Chromium; tus resumes after it.
    const { page, context, errors } = await open(PHONE, {
      expectedFailures: [{ path: /^\/api\/uploads\/[^/]+$/, status: 'ERR_CONNECTION_RESET' }],
    });
    await reachVideoStep(page, BUICK);

    const created: string[] = [];
    const patches: string[] = [];
    let vehicleCreates = 0;
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === 'POST' && path === '/api/uploads') created.push(path);
      if (request.method() === 'PATCH' && path.startsWith('/api/uploads/')) {
        patches.push(request.headers()['upload-offset'] ?? '');
      }
      if (request.method() === 'POST' && path === '/api/vehicles') vehicleCreates++;
    });
    // The connection drops during the second chunk, after the first 5 MB reached the server.
    let dropped = false;
    await page.route('**/api/uploads/**', async (route: Route) => {
      const request = route.request();
      if (!dropped && request.method() === 'PATCH' && request.headers()['upload-offset'] === String(CHUNK)) {
        dropped = true;
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });

    const progress = await recordProgress(page);
    await page.getByLabel('Record video').setInputFiles(video);
    await createWithoutPhotos(page);
    await toast(page, UPLOAD_TEXT.vehicleCreated);
    await heading(page, 'Recon report');
    expect(dropped).toBe(true);
    // One upload, never restarted: the chunk at 5 MB was sent again, nothing from 0.
    expect(created).toHaveLength(1);
    expect(patches).toEqual(['0', String(CHUNK), String(CHUNK)]);
    expect((await progress()).at(-1)).toBe(100);
    expect(vehicleCreates).toBe(1);
    const mine = (await adminVehicles()).filter((v) => v.vin === BUICK);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'pending', inQueue: true, year: 2005, make: 'Buick' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('reloading mid-wizard', () => {
  it('returns to the same step with what was entered, resumes an interrupted upload and keeps the recon draft', async () => {
    const { page, context, errors } = await open(PHONE_390);
    const vin = WRONG_CHECK_DIGIT;
    const notNorthAmerican = VIN_CHECK_DIGIT_OVERRIDE_LABELS['non-north-american'];
    await signInToUpload(page);
    await page.getByLabel('VIN').fill(vin);
    // vPIC does not know it: decoded offline, and the toast says so as the status box does.
    await toast(page, `2018 Toyota · ${UPLOAD_TEXT.decodedOffline}`);
    const status = page.getByRole('main').getByRole('status').filter({ hasText: UPLOAD_TEXT.vinDecoded });
    await status.filter({ hasText: UPLOAD_TEXT.decodedOffline }).waitFor();
    await page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: UPLOAD_TEXT.checkDigitWarning })
      .waitFor();
    await page.getByLabel('Mileage').fill('61,004');
    // Refused without a reason; a reason lets it through.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: UPLOAD_TEXT.checkDigitRefused })
      .waitFor();
    expect(await currentStep(page)).toBe('VIN');
    await page.screenshot({ path: `${SHOTS}-check-digit-390.png`, fullPage: true });
    await page.getByLabel(notNorthAmerican).check();
    expect(await page.getByText(UPLOAD_TEXT.checkDigitRefused).count()).toBe(0);

    // A reload on the VIN step keeps the VIN, the reason and the mileage.
    await page.reload();
    await heading(page, 'Vehicle VIN');
    expect(await page.getByLabel('VIN').inputValue()).toBe(vin);
    expect(await page.getByLabel(notNorthAmerican).isChecked()).toBe(true);
    expect(await page.getByLabel('Mileage').inputValue()).toBe('61,004');
    await status.filter({ hasText: '2018 Toyota' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(page, 'Walkaround video');

    // A reload on the Video step stays there (issue #34: it went back to an empty VIN step).
    await page.reload();
    await heading(page, 'Walkaround video');
    expect(await currentStep(page)).toBe('Video');

    // Back keeps what the VIN step knew.
    await page.getByRole('button', { name: 'Back' }).click();
    await heading(page, 'Vehicle VIN');
    expect(await page.getByLabel('VIN').inputValue()).toBe(vin);
    expect(await page.getByLabel('Year').inputValue()).toBe('2018');
    expect(await page.getByLabel('Make').inputValue()).toBe('Toyota');
    expect(await page.getByLabel('Mileage').inputValue()).toBe('61,004');
    expect(await page.getByLabel(notNorthAmerican).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(page, 'Walkaround video');

    // The page goes away while the second chunk is on its way: the first 5 MB are on the server.
    let creates = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads') creates++;
    });
    // What the client asked and heard about the upload, to say why when a resume went wrong.
    const exchanges: string[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (!new URL(request.url()).pathname.startsWith('/api/uploads')) return;
      const offset = request.headers()['upload-offset'] ?? '';
      exchanges.push(
        `${request.method()} ${offset} → ${response.status()} ${response.headers()['upload-offset'] ?? ''}`,
      );
    });
    const held: Route[] = [];
    await page.route('**/api/uploads/**', async (route: Route) => {
      const request = route.request();
      if (request.method() === 'PATCH' && request.headers()['upload-offset'] === String(CHUNK)) {
        held.push(route);
        return;
      }
      await route.continue();
    });
    await page.getByLabel('Choose a video').setInputFiles(video);
    await expect.poll(() => held.length, { timeout: 20_000 }).toBe(1);
    // The held chunk goes with the page; the route is removed only then: removed first, the browser
    // let the held request go on (interception off), and under load it completed the upload before
    // the reload (a CI run counted two uploads created).
    await page.reload();
    await page.unroute('**/api/uploads/**');
    await heading(page, 'Walkaround video');
    await page.getByText('The upload of “walkaround.mp4” (6.0 MB) was interrupted.').waitFor();

    const progress = await recordProgress(page);
    await page.getByLabel('Choose a video').setInputFiles(video);
    await heading(page, 'Photos');
    const seen = await progress();
    // Resumed from the server's offset (5 of 6 MB), not from 0.
    const story = `progress ${seen.join(', ')}; ${exchanges.join('; ')}`;
    expect(creates, story).toBe(1);
    expect(seen[0], story).toBeGreaterThanOrEqual(83);
    expect(seen.at(-1), story).toBe(100);
    // Photos and Condition come back after a reload too.
    await page.reload();
    await heading(page, 'Photos');
    expect(await currentStep(page)).toBe('Photos');
    await skipGuidedShots(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(page, 'Condition');
    await page.getByRole('button', { name: 'Roof', exact: true }).click();
    await page.getByRole('form', { name: 'Damage item' }).getByText('Dent', { exact: true }).click();
    await page.getByRole('form', { name: 'Damage item' }).getByText('1–3 in', { exact: true }).click();
    await page.getByRole('button', { name: 'Add damage' }).click();
    await page.reload();
    await heading(page, 'Condition');
    expect(await currentStep(page)).toBe('Condition');
    await page.getByRole('list', { name: 'Damage items' }).getByText('on the roof').waitFor();
    await page.getByRole('button', { name: 'Create vehicle' }).click();
    await heading(page, 'Recon report');

    await page.getByLabel('Mechanical').fill('Check engine light on');
    await page.reload();
    await heading(page, 'Recon report');
    expect(await currentStep(page)).toBe('Recon');
    expect(await page.getByLabel('Mechanical').inputValue()).toBe('Check engine light on');

    // The summary says the decode as the toast and the VIN step did.
    await page.getByRole('button', { name: 'Save recon' }).click();
    await heading(page, UPLOAD_TEXT.addedToQueue);
    const summary = await page.locator('dl').innerText();
    expect(summary).toContain('2018 Toyota');
    expect(summary).toContain(UPLOAD_TEXT.vinDecoded);
    expect(summary).toContain(UPLOAD_TEXT.decodedOffline);
    expect(summary).not.toContain(UPLOAD_TEXT.notDecoded);
    expect(summary).toContain('61,004 miles');
    expect(summary).toContain(`Does not match: ${notNorthAmerican}`);
    await page.screenshot({ path: `${SHOTS}-complete-390.png`, fullPage: true });
    // The vehicle is in the queue; the draft is gone, so a reload starts the next vehicle.
    expect(
      await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('upload'))),
    ).toEqual([]);
    const queued = (await adminVehicles()).filter((v) => v.vin === vin);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ mileage: 61_004, year: 2018, make: 'Toyota', inQueue: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('an ended staff session', () => {
  it('asks for the password again and returns to the same step', async () => {
    const { page, context, errors } = await open(PHONE);
    const vin = '1C4RJFBG2FC625797';
    await reachVideoStep(page, vin);
    // The 12 h session ends (or is revoked) while the wizard is open.
    await context.clearCookies();
    await page.getByLabel('Choose a video').setInputFiles(video);
    await toast(page, UPLOAD_TEXT.uploadFailed);
    await page.getByLabel('Password').waitFor();
    expect(await currentStep(page)).toBe('Password');
    await page.getByLabel('Password').fill(E2E_UPLOAD_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await heading(page, 'Walkaround video');
    await page.getByText('The upload of “walkaround.mp4” (6.0 MB) was interrupted.').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await page.getByLabel('VIN').inputValue()).toBe(vin);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('client-side refusals and cancel', () => {
  it('refuses a non-video, two files and an oversize file; requires a video; cancel deletes the upload', async () => {
    const { page, context, errors } = await open(DESKTOP);
    await reachVideoStep(page, '1FTFW1ET9DFC10312');

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('main').getByRole('alert').filter({ hasText: UPLOAD_TEXT.videoRequired }).waitFor();

    const notes = writeTempFile('notes.txt', 'not a video');
    await page.getByLabel('Choose a video').setInputFiles(notes);
    await page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: UPLOAD_TEXT.invalidVideoType })
      .waitFor();

    // Dropped on a desktop: two files, then one of 200 MB (blob slices, nothing is allocated).
    const drop = (kind: 'two' | 'huge') =>
      page.evaluate((which) => {
        const transfer = new DataTransfer();
        if (which === 'two') {
          transfer.items.add(new File(['a'], 'a.mp4', { type: 'video/mp4' }));
          transfer.items.add(new File(['b'], 'b.mp4', { type: 'video/mp4' }));
        } else {
          const five = new Blob([new Uint8Array(5 * 1024 * 1024)]);
          transfer.items.add(new File(Array(40).fill(five), 'huge.mp4', { type: 'video/mp4' }));
        }
        const zone = document.querySelector('section[aria-label="Walkaround video file"]')!;
        zone.dispatchEvent(
          new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      }, kind);
    await drop('two');
    await page.getByRole('main').getByRole('alert').filter({ hasText: UPLOAD_TEXT.maxOneFile }).waitFor();
    await drop('huge');
    await page.getByRole('main').getByRole('alert').filter({ hasText: UPLOAD_TEXT.videoTooLarge }).waitFor();

    // Cancel stops the upload and deletes it on the server (tus termination).
    const held: Route[] = [];
    await page.route('**/api/uploads/**', async (route: Route) => {
      if (route.request().method() === 'PATCH') {
        held.push(route);
        return;
      }
      await route.continue();
    });
    await page.getByLabel('Choose a video').setInputFiles(video);
    await page.getByRole('progressbar', { name: 'Video upload' }).waitFor();
    await expect.poll(() => held.length, { timeout: 20_000 }).toBe(1);
    const deleted = page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().includes('/api/uploads/'),
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect((await deleted).status()).toBe(204);
    await page.getByLabel('Choose a video').waitFor({ state: 'attached' });
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(await currentStep(page)).toBe('Video');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers the server refusing content that is not a video', async () => {
    // The refusal (415) is shown to the user.
    const { page, context, errors } = await open(PHONE, {
      expectedFailures: [{ path: /^\/api\/uploads\/[^/]+$/, status: 415 }],
    });
    await reachVideoStep(page, '3VWFE21C04M000001');
    // Named and typed as a video, but the bytes are not one: the server sniffs and refuses it.
    const fake = writeTempFile('fake.mp4', Buffer.from('MZ this is a renamed program, not a video'));
    await page.getByLabel('Choose a video').setInputFiles(fake);
    await toast(page, UPLOAD_TEXT.uploadFailed);
    await page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: `${UPLOAD_TEXT.uploadFailedPrefix}${UPLOAD_TEXT.invalidVideoType}` })
      .waitFor();
    expect(await currentStep(page)).toBe('Video');
    // The same file would be refused again: the way on is another video.
    await page.getByRole('button', { name: 'Choose another video' }).click();
    await page.getByLabel('Choose a video').waitFor({ state: 'attached' });
    expect(await page.getByRole('progressbar').count()).toBe(0);
    // The server discarded the refused upload itself, so the client sends no termination (no 404).
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('going offline mid-upload', () => {
  it('pauses with the progress kept and resumes by itself when the phone is back online', async () => {
    // Requests while offline fail (Chromium logs them); the upload resumes once back online.
    const { page, context, errors } = await open(PHONE, {
      expectedFailures: [{ path: /^\/api\/uploads\/[^/]+$/, status: 'ERR_INTERNET_DISCONNECTED' }],
    });
    await reachVideoStep(page, '1N4AL3AP8JC231503');
    let creates = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads') creates++;
    });
    // What the client asked and heard about the upload, to say why when a resume went wrong.
    const exchanges: string[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (!new URL(request.url()).pathname.startsWith('/api/uploads')) return;
      const offset = request.headers()['upload-offset'] ?? '';
      exchanges.push(
        `${request.method()} ${offset} → ${response.status()} ${response.headers()['upload-offset'] ?? ''}`,
      );
    });
    let wentOffline = false;
    await page.route('**/api/uploads/**', async (route: Route) => {
      const request = route.request();
      if (
        !wentOffline &&
        request.method() === 'PATCH' &&
        request.headers()['upload-offset'] === String(CHUNK)
      ) {
        wentOffline = true;
        await context.setOffline(true);
        await route.abort('internetdisconnected');
        return;
      }
      await route.continue();
    });
    await page.getByLabel('Choose a video').setInputFiles(video);
    await page.getByText(/^Paused at \d+% · [\d.]+ (MB|KB|B) left$/).waitFor();
    await page.getByRole('button', { name: 'Retry upload' }).waitFor();
    const paused = Number(await page.getByRole('progressbar').getAttribute('aria-valuenow'));
    expect(paused).toBeGreaterThanOrEqual(83);

    await context.setOffline(false);
    await createWithoutPhotos(page);
    await toast(page, UPLOAD_TEXT.vehicleCreated);
    await heading(page, 'Recon report');
    expect(creates).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('barcode scanning', () => {
  it('fills the VIN from a barcode seen by the camera where BarcodeDetector exists', async () => {
    const { page, context, errors } = await open(PHONE);
    // A phone browser's Barcode Detection API and camera, played by the page itself.
    await context.addInitScript(() => {
      let calls = 0;
      class FakeBarcodeDetector {
        static getSupportedFormats = async () => ['code_39', 'code_128', 'qr_code', 'ean_13'];
        formats: string[];
        constructor(options?: { formats?: string[] }) {
          this.formats = options?.formats ?? [];
        }
        async detect() {
          calls++;
          if (calls < 3) return [];
          if (calls < 8) return [{ rawValue: '0123456789012' }];
          return [{ rawValue: 'I1HGCM82633A004352' }];
        }
      }
      Object.assign(window, { BarcodeDetector: FakeBarcodeDetector });
      navigator.mediaDevices.getUserMedia = async () => {
        const canvas = Object.assign(document.createElement('canvas'), { width: 320, height: 240 });
        const paint = () => {
          const g = canvas.getContext('2d')!;
          g.fillStyle = `hsl(${Date.now() % 360} 40% 40%)`;
          g.fillRect(0, 0, 320, 240);
          requestAnimationFrame(paint);
        };
        paint();
        return canvas.captureStream(15);
      };
    });
    await signInToUpload(page);
    await page.getByRole('button', { name: 'Scan barcode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan the VIN barcode' });
    await dialog.waitFor();
    await dialog.getByLabel('Camera preview').waitFor();
    await dialog.getByText('That barcode holds no VIN.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByLabel('VIN').inputValue()).toBe(ACCORD);
    await page.getByRole('main').getByRole('status').filter({ hasText: '2003 Honda Accord EX-V6' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Cloudinary backend', () => {
  it('uploads straight to the media host with a server signature and creates the vehicle', async () => {
    const secret = 'e2e-cloudinary-secret';
    const received: Record<string, string>[] = [];
    let refuseNext = true;
    // A fake Cloudinary: checks the signature the way Cloudinary does and answers its JSON.
    const host = createServer((request, response) => {
      response.setHeader('access-control-allow-origin', '*');
      if (request.method === 'OPTIONS') return response.end();
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', async () => {
        const form = await new Request('http://x', {
          method: 'POST',
          headers: { 'content-type': request.headers['content-type'] ?? '' },
          body: Buffer.concat(chunks),
        }).formData();
        const fields = Object.fromEntries(
          [...form.entries()].filter(([, v]) => typeof v === 'string') as [string, string][],
        );
        received.push(fields);
        const signed = ['eager', 'folder', 'timestamp'].map((k) => `${k}=${fields[k]}`).join('&');
        const expected = createHash('sha1')
          .update(signed + secret)
          .digest('hex');
        response.setHeader('content-type', 'application/json');
        if (refuseNext || fields.signature !== expected || !(form.get('file') instanceof File)) {
          refuseNext = false;
          response.statusCode = 401;
          return response.end(JSON.stringify({ error: { message: 'Invalid Signature' } }));
        }
        const base = 'https://res.cloudinary.com/e2e-cloud/video/upload/v1/vehicle-videos/walk42';
        response.end(
          JSON.stringify({
            public_id: 'vehicle-videos/walk42',
            resource_type: 'video',
            format: 'mp4',
            secure_url: `${base}.mp4`,
            eager: [{ transformation: 'c_thumb,w_300,h_200', secure_url: `${base}.jpg` }],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const cloudServer = await startAppServer({
      CLOUDINARY_URL: `cloudinary://e2e-key:${secret}@e2e-cloud`,
      CLOUDINARY_API_BASE: `http://127.0.0.1:${(host.address() as AddressInfo).port}`,
      VPIC_BASE_URL: vpic.baseUrl,
      SEED_DEMO: 'false',
    });
    try {
      const { page, context, errors } = await openPage(browser, PHONE, { baseURL: cloudServer.url });
      await signInToUpload(page);
      await page.getByLabel('VIN').fill('5YJ3E1EA2KF317000');
      await page.getByRole('button', { name: 'Continue' }).click();
      await heading(page, 'Walkaround video');
      await page.getByLabel('Choose a video').setInputFiles(video);
      // The host refuses the first attempt: its message is shown, and Retry starts over.
      const refused = `${UPLOAD_TEXT.uploadFailedPrefix}${UPLOAD_TEXT.cloudinaryFailedPrefix}Invalid Signature`;
      await toast(page, UPLOAD_TEXT.uploadFailed);
      await page.getByRole('main').getByRole('alert').filter({ hasText: refused }).waitFor();
      await page.getByRole('button', { name: 'Retry upload' }).click();
      await createWithoutPhotos(page);
      await toast(page, UPLOAD_TEXT.vehicleCreated);
      await heading(page, 'Recon report');
      expect(received).toHaveLength(2);
      expect(received[1]).toMatchObject({
        api_key: 'e2e-key',
        folder: 'vehicle-videos',
        eager: 'c_thumb,w_300,h_200',
      });
      const vehicle = (await adminVehicles(cloudServer.url)).find((v) => v.vin === '5YJ3E1EA2KF317000')!;
      const base = 'https://res.cloudinary.com/e2e-cloud/video/upload/v1/vehicle-videos/walk42';
      expect(vehicle).toMatchObject({
        status: 'pending',
        inQueue: true,
        videos: [`${base}.mp4`],
        videoThumbnails: [`${base}.jpg`],
      });
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await cloudServer.stop();
      await new Promise((resolve) => host.close(resolve));
    }
  });
});
