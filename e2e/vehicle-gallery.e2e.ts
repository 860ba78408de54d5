import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConditionReport, computeGrade, type Photo } from '../contracts/condition-report';
import type { PublicVehicle } from '../contracts/vehicle';
import { scratchDir } from '../server/test/scratch';
import { type RunningServer, startAppServer } from './support/app-server';
import { axeViolations, WCAG_AND_BEST_PRACTICE } from './support/axe';
import { openPage } from './support/browser-page';
import { DESKTOP, launchChromium, releaseChromium } from './support/chromium';
import { adminToken, signInAdmin } from './support/sign-in';

/**
 * What dealers and admins see of the condition report (issue #17): the gallery (keyboard, full
 * screen, swipe layout), the grade with its deductions, the inventory's grade filter, and an admin
 * edit that changes the grade on the dealer's page. The admin journey changes data: own server.
 */
const PHONE_390 = { width: 390, height: 844 } as const;
/** E2E_SCREENSHOTS=/some/dir keeps screenshots of the pages at 390 and 1280 px for a human look. */
const SHOTS = process.env.E2E_SCREENSHOTS;

type Detail = PublicVehicle & ConditionReport;
let server: RunningServer;
let browser: Browser;
let token: string;
let vehicles: PublicVehicle[];
let target: Detail;

const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.ok, `${method} ${path} answers ${response.status}: ${await response.clone().text()}`).toBe(
    true,
  );
  return (await response.json()) as T;
};

/** A 1024×768 JPEG with a number on it (no EXIF), made here so the journey needs no fixture file. */
const photoBytes = (n: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768"><rect width="1024" height="768" fill="hsl(${n * 70},55%,40%)"/><text x="512" y="420" font-size="140" text-anchor="middle" fill="white">${n}</text></svg>`,
    ),
  )
    .jpeg()
    .toBuffer();

/** One photo up by the real tus protocol (POST, then PATCH the bytes), answered with its processed view. */
async function uploadPhoto(n: number): Promise<Photo> {
  const bytes = await photoBytes(n);
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const tus = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${server.url}/api/photo-uploads`, {
    method: 'POST',
    headers: {
      ...tus,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${b64(`photo-${n}.jpg`)},filetype ${b64('image/jpeg')}`,
    },
  });
  expect(created.status).toBe(201);
  const location = created.headers.get('location')!;
  const patched = await fetch(new URL(location, server.url), {
    method: 'PATCH',
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  // The PATCH that completes the upload answers with the processed photo (ADR 0022).
  expect(patched.status).toBe(200);
  const answer = (await patched.json()) as { status: string; photo: Photo | null };
  expect(answer.status).toBe('ready');
  return answer.photo!;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  token = await adminToken(server.url);
  // The journey's own vehicle: five photos (the last a damage close-up) and a report with deductions.
  // (A listed demo car whose photos the admin removes first: the journey knows every photo it shows.)
  const first = (await api<PublicVehicle[]>('GET', '/api/vehicles')).find(
    (v) => v.status === 'active' && !(v as { inQueue?: boolean }).inQueue,
  )!;
  await api('PUT', `/api/vehicles/${first.id}/condition-report`, {
    damage: [],
    tires: { lf: null, rf: null, lr: null, rr: null },
    warningLights: [],
  });
  for (const photo of first.photos) await api('DELETE', `/api/vehicles/${first.id}/photos/${photo.id}`);
  const photos = [];
  for (let n = 1; n <= 5; n++) photos.push(await uploadPhoto(n));
  const kinds = ['front_left', 'front', 'rear', 'dashboard', 'damage'] as const;
  await api('POST', `/api/vehicles/${first.id}/photos`, {
    photos: photos.map((p, i) => ({ id: p.id, kind: kinds[i] })),
  });
  await api('PUT', `/api/vehicles/${first.id}/condition-report`, {
    damage: [
      {
        panel: 'front_bumper',
        type: 'scratch',
        size: 'medium',
        photoId: photos[4]!.id,
        note: 'Parking scuff',
      },
      { panel: 'windshield', type: 'chip', size: 'small', photoId: null, note: null },
    ],
    tires: { lf: 7, rf: 7, lr: 3, rr: 5 },
    warningLights: ['P0420'],
  });
  target = await api<Detail>('GET', `/api/vehicles/${first.id}`);
  expect(target.photos).toHaveLength(5);
  expect(target.gradeDeductions.length).toBeGreaterThan(0);
  vehicles = await api<PublicVehicle[]>('GET', '/api/vehicles');
});
afterAll(async () => {
  await releaseChromium(browser);
  await server?.stop();
});

const count = (page: Page) => page.getByTestId('gallery-count').innerText();
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

async function axeSerious(page: Page) {
  return axeViolations(page, { tags: WCAG_AND_BEST_PRACTICE });
}

describe('vehicle gallery and condition report', () => {
  it('moves through the photos by keyboard, opens full screen, and Escape returns the focus', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP, { baseURL: server.url });
    await page.goto(`/vehicle/${target.id}`);
    const gallery = page.getByRole('region', { name: 'Photos' });
    await gallery.waitFor();
    const total = target.photos.length;
    expect(await count(page)).toBe(`1 of ${total}`);
    expect(await page.getByTestId('gallery-count').getAttribute('aria-live')).toBe('polite');

    // The photo showing is fetched at once with high priority; once it is in, its neighbour (lazily)
    // and the thumbnails near the view; a photo further away is only its placeholder until reached,
    // so a 40-photo report does not download 40 photos with the page. Each photo is a <picture>.
    const slideImg = (i: number) => page.locator(`[data-slide="${i}"] picture img`);
    await slideImg(1).waitFor();
    expect(await slideImg(0).getAttribute('loading')).toBe('eager');
    expect(await slideImg(0).getAttribute('fetchpriority')).toBe('high');
    expect(await slideImg(1).getAttribute('loading')).toBe('lazy');
    expect(await page.getByTestId('gallery-track').locator('picture img').count()).toBe(2);
    expect(await page.locator(`[data-slide="${total - 1}"] [data-deferred]`).count()).toBe(1);
    const strip = gallery.getByRole('list', { name: 'All photos' });
    await expect.poll(() => strip.locator('picture img').count()).toBe(await strip.locator('li').count());
    // AVIF, then WebP, then the <img>'s JPEG; on a phone-width screen at most the 640 px ones.
    const sources = page.getByTestId('gallery-track').locator('picture').first().locator('source');
    expect(
      await sources.evaluateAll((s) =>
        s.map((e) => `${e.getAttribute('media') ?? 'any'} ${e.getAttribute('type')}`),
      ),
    ).toEqual([
      '(max-width: 479px) image/avif',
      '(max-width: 479px) image/webp',
      '(max-width: 479px) image/jpeg',
      'any image/avif',
      'any image/webp',
    ]);
    // The placeholder paints the frame before the photo arrives.
    expect(
      await page
        .getByTestId('gallery-track')
        .locator('picture')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundImage),
    ).toContain('data:image');

    const firstSlide = page.locator('[data-slide="0"]');
    await firstSlide.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => count(page)).toBe(`2 of ${total}`);
    await page.keyboard.press('End');
    await expect.poll(() => count(page)).toBe(`${total} of ${total}`);
    await slideImg(total - 1).waitFor();
    await page.keyboard.press('Home');
    await expect.poll(() => count(page)).toBe(`1 of ${total}`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => count(page)).toBe(`2 of ${total}`);

    // Thumbnails: the current one is marked.
    await gallery.getByRole('button', { name: new RegExp(`^Show photo 3 of ${total}`) }).click();
    await expect.poll(() => count(page)).toBe(`3 of ${total}`);
    expect(
      await gallery
        .getByRole('button', { name: new RegExp(`^Show photo 3 of ${total}`) })
        .getAttribute('aria-current'),
    ).toBe('true');

    // Full screen from the slide now showing; arrows move there too; Escape closes; focus comes back.
    await page.locator('[data-slide="2"]').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByText(`3 of ${total}`, { exact: true }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await shot(page, 'fullscreen-1280');
    await page.keyboard.press('ArrowLeft');
    await dialog.getByText(`2 of ${total}`, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Zoom' }).click();
    expect(await dialog.getByRole('button', { name: 'Zoom' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-slide')))
      .toBe('1');
    expect(await count(page)).toBe(`2 of ${total}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the grade, each deduction, tires, lights and damage; axe clean', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP, { baseURL: server.url });
    await page.goto(`/vehicle/${target.id}`);
    const report = page.getByRole('region', { name: 'Condition Report' });
    await report.waitFor();
    expect(await report.getByTestId('grade').innerText()).toBe(`${target.grade!.toFixed(1)} / 5`);
    const deductions = await report.getByTestId('grade-deductions').locator('li').allInnerTexts();
    expect(deductions).toHaveLength(target.gradeDeductions.length);
    target.gradeDeductions.forEach((d, i) => {
      expect(deductions[i]).toContain(d.reason);
      expect(deductions[i]).toContain(`−${d.points.toFixed(1)}`);
    });
    // The grade is the published table's: recomputed here from the report, it matches.
    expect(computeGrade(target).grade).toBe(target.grade);
    for (const [position, depth] of Object.entries(target.tires)) {
      const text = await report.getByTestId(`tire-${position}`).innerText();
      expect(text).toContain(depth === null ? 'Not measured' : `${depth}/32`);
      expect(text.includes('Under 4/32')).toBe(depth !== null && depth < 4);
    }
    if (target.damage.length > 0) {
      const items = report.getByTestId('damage-items');
      expect(await items.locator('li').count()).toBe(target.damage.length);
      // Each item with the inspector's note beside it.
      for (const [i, item] of target.damage.entries())
        if (item.note) expect(await items.locator('li').nth(i).innerText()).toContain(item.note);
    }
    // The three recon notes stay.
    await page.getByRole('region', { name: 'Inspection Report' }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await shot(page, 'vehicle-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lays the gallery out for swiping at 390 px: one photo per screen, snapping', async () => {
    const { page, context, errors } = await openPage(browser, PHONE_390, { baseURL: server.url });
    await page.goto(`/vehicle/${target.id}`);
    const track = page.getByTestId('gallery-track');
    await track.waitFor();
    const layout = await track.evaluate((el) => ({
      snap: getComputedStyle(el).scrollSnapType,
      width: el.clientWidth,
      scrollWidth: el.scrollWidth,
      slide: (el.firstElementChild as HTMLElement).getBoundingClientRect().width,
    }));
    expect(layout.snap).toContain('x mandatory');
    expect(layout.slide).toBe(layout.width);
    expect(layout.scrollWidth).toBe(layout.width * target.photos.length);
    // Nothing on the page scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // A swipe is a scroll of the track: the count follows it.
    await track.evaluate((el) => el.scrollTo({ left: el.clientWidth, behavior: 'instant' }));
    await expect.poll(() => count(page)).toBe(`2 of ${target.photos.length}`);
    await shot(page, 'vehicle-390');
    expect(await axeSerious(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives a 2× phone the 640 px photo in the gallery frame (the one the server preloads) and on the card', async () => {
    const context = await browser.newContext({
      viewport: PHONE_390,
      deviceScaleFactor: 2,
      baseURL: server.url,
    });
    const page = await context.newPage();
    const photoRequests: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/media/photos/')) photoRequests.push(path);
    });
    await page.goto(`/vehicle/${target.id}`);
    const loaded = (img: HTMLImageElement) => (img.complete ? img.currentSrc : '');
    const frame = page.locator('[data-slide="0"] picture img');
    await expect.poll(() => frame.evaluate(loaded)).toMatch(/\/640\.avif$/);
    // Without the cap a 2× screen would take the 1024 px file (358 CSS px wide); the preload and the
    // gallery agree, so the first photo was fetched once (its thumbnail is the 320 px file).
    const cover = new URL(await frame.evaluate(loaded)).pathname;
    const key = cover.split('/')[3]!;
    const otherFiles = photoRequests.filter((path) => path.includes(key) && path !== cover);
    expect(otherFiles.filter((path) => !path.endsWith('/320.avif'))).toEqual([]);
    expect(photoRequests.filter((path) => path === cover)).toHaveLength(1);
    expect(photoRequests.filter((path) => /\/1024\./.test(path))).toEqual([]);

    await page.goto('/inventory');
    await page.getByLabel('Search vehicles').fill(target.vin);
    const card = page.locator(`[data-testid="vehicle-card"][data-vehicle-id="${target.id}"] picture img`);
    await expect.poll(() => card.evaluate(loaded)).toMatch(/\/640\.avif$/);
    await context.close();
  });

  it('filters the inventory by grade, in the URL, leaving out ungraded cars', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP, { baseURL: server.url });
    const listed = vehicles.filter((v) => v.status === 'active' && !(v as { inQueue?: boolean }).inQueue);
    const atLeast = (n: number) => listed.filter((v) => v.grade !== null && v.grade >= n).length;
    // The journey's vehicle (4.2) passes "4.0 and up"; ungraded ones never do.
    expect(atLeast(4)).toBeGreaterThanOrEqual(1);
    expect(atLeast(4)).toBeLessThan(listed.length);
    const resultCount = () => page.getByTestId('result-count').innerText();
    const plural = (n: number) => (n === 1 ? '1 vehicle' : `${n} vehicles`);

    // From the URL, then through the control (first-taps checks a grade chosen before hydration).
    await page.goto('/inventory?grade=4');
    await expect.poll(resultCount).toBe(plural(atLeast(4)));
    await page.getByLabel('Grade').selectOption('any');
    await expect.poll(resultCount).toBe(plural(listed.length));
    expect(new URL(page.url()).searchParams.has('grade')).toBe(false);
    // Cards show the cover photo and the grade badge.
    const graded = listed.find((v) => v.grade !== null && v.photos.length > 0)!;
    const card = page.locator(`[data-testid="vehicle-card"][data-vehicle-id="${graded.id}"]`);
    await page.getByLabel('Search vehicles').fill(graded.vin);
    await card.waitFor();
    expect(await card.locator('picture img').count()).toBe(1);
    // The only result is the first: its picture is the page's largest paint, asked for at once.
    expect(await card.locator('picture img').getAttribute('loading')).toBe('eager');
    expect(await card.locator('picture img').getAttribute('fetchpriority')).toBe('high');
    expect(await card.getByTestId('grade-badge').innerText()).toContain(graded.grade!.toFixed(1));
    await page.getByLabel('Search vehicles').fill('');
    await shot(page, 'inventory-1280');
    // A phone page only for the screenshot (the inventory at 390 px is checked by accessibility and
    // phone-layout).
    if (SHOTS) {
      const phone = await openPage(browser, PHONE_390, { baseURL: server.url });
      await phone.page.goto('/inventory?grade=2');
      await phone.page.getByTestId('vehicle-card').first().waitFor();
      await shot(phone.page, 'inventory-390');
      expect(phone.errors).toEqual([]);
      await phone.context.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin edits a damage item; the grade previewed is the one a dealer then reads', async () => {
    const admin = await openPage(browser, DESKTOP, { baseURL: server.url });
    await signInAdmin(admin.page, '/admin?tab=listings');
    const title = `${target.year} ${target.make} ${target.model}`;
    const row = admin.page.getByTestId(`listing-${target.id}`);
    // The button's name carries the car: 'Edit condition : 2022 Kia Forte' (flex items read apart).
    await row.getByRole('button', { name: new RegExp(`^Edit condition\\W+${title}$`) }).click();
    const dialog = admin.page.getByRole('dialog', { name: `Edit condition: ${title}` });
    const editor = dialog.getByTestId('condition-editor');
    await editor.waitFor();
    expect(await axeSerious(admin.page)).toEqual([]);
    await shot(admin.page, 'admin-edit-1280');

    // Photos: make the third the cover by keyboard, then add one through the tus upload.
    await editor.getByRole('button', { name: 'Make photo 3 the cover' }).focus();
    await admin.page.keyboard.press('Enter');
    // The list follows the server's answer: photo 3 is first, marked Cover.
    const editPhotos = editor.getByTestId(/^edit-photo-/);
    await expect
      .poll(() => editPhotos.first().getAttribute('data-testid'))
      .toBe(`edit-photo-${target.photos[2]!.id}`);
    await editPhotos.first().getByText('Cover', { exact: true }).waitFor();
    const file = join(scratchDir('gallery-e2e-'), 'added.jpg');
    writeFileSync(file, await photoBytes(9));
    await editor.getByTestId('add-photos-input').setInputFiles(file);
    await editPhotos.nth(target.photos.length).waitFor();

    // Add a large rust item on the roof from the car outline, and make the windshield chip large by
    // editing it from the keyboard: the preview shows the grade the table gives.
    const expected = computeGrade({
      damage: [
        target.damage[0]!,
        { ...target.damage[1]!, size: 'large' },
        { panel: 'roof', type: 'rust', size: 'large' },
      ],
      tires: target.tires,
      warningLights: target.warningLights,
    }).grade;
    const damageForm = editor.getByRole('form', { name: 'Damage item' });
    await damageForm.getByRole('button', { name: 'Roof', exact: true }).click();
    await damageForm.getByText('Rust', { exact: true }).click();
    await damageForm.getByText('> 3 in', { exact: true }).click();
    await damageForm.getByLabel('Note (optional)').fill('Bubbling by the antenna');
    await damageForm.getByRole('button', { name: 'Add damage' }).click();
    const items = editor.getByRole('list', { name: 'Damage items' });
    await items.getByText('Rust > 3 in on the roof').waitFor();
    await damageForm.getByRole('button', { name: 'Roof, 1 damage item' }).waitFor();

    await items.getByRole('button', { name: 'Edit item 2: Chip < 1 in on the windshield' }).focus();
    await admin.page.keyboard.press('Enter');
    const panel = damageForm.getByLabel('Panel', { exact: true });
    await expect.poll(() => panel.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await panel.inputValue()).toBe('windshield');
    await damageForm.getByText('> 3 in', { exact: true }).click();
    await damageForm.getByRole('button', { name: 'Save item 2' }).click();
    await items.getByText('Chip > 3 in on the windshield').waitFor();
    // Focus back where it was: the item's Edit button.
    await expect
      .poll(() => admin.page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Edit item 2: Chip > 3 in on the windshield');
    await expect.poll(() => editor.getByTestId('grade-value').innerText()).toBe(`${expected.toFixed(1)} / 5`);
    await shot(admin.page, 'admin-edit-damage-1280');
    await editor.getByRole('button', { name: 'Save report' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Focus back on the button that opened it.
    await expect
      .poll(() => admin.page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain('Edit condition');
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    // What a signed-out visitor now reads of the car, once (the page draws a report as test 2 shows;
    // photos.test covers the public list's cover and grade after an edit).
    const saved = (await (await fetch(`${server.url}/api/vehicles/${target.id}`)).json()) as Detail;
    expect(saved.grade).toBe(expected);
    expect(saved.gradeDeductions.map((d) => d.reason)).toEqual(
      expect.arrayContaining(['Rust > 3 in on the roof', 'Chip > 3 in on the windshield']),
    );
    expect(saved.damage.find((d) => d.panel === 'roof')?.note).toBe('Bubbling by the antenna');
    expect(saved.photos.map((p) => p.id).slice(0, 1)).toEqual([target.photos[2]!.id]);
    expect(saved.photos).toHaveLength(target.photos.length + 1);
  });
});
