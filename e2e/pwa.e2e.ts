import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STAFF_APP_SCOPE,
  STAFF_ICONS,
  STAFF_MANIFEST_PATH,
  STAFF_SHELL_URL,
  STAFF_SW_PATH,
} from '../contracts/staff-app';
import { MY_UPLOADS_TEXT, STAFF_UPLOAD_STATE_TEXT } from '../contracts/staff-uploads';
import { E2E_UPLOAD_PASSWORD, type RunningServer, startAppServer } from './support/app-server';
import { axeViolations } from './support/axe';
import { appIsReady, openPage } from './support/browser-page';
import { launchChromium, PHONE, releaseChromium } from './support/chromium';
import { signInContext } from './support/sign-in';
import { mp4Bytes } from './support/video-fixture';

/**
 * The installable staff app (docs/design.md §17, issue #34, ADR 0029): its manifest and icons, a service
 * worker registered by the staff pages only, which keeps the staff app's code (and none of the
 * admin's, the dealers' or the public pages') and opens /upload with no network; "My uploads".
 * Its own server: the offline part stops it, so the network is really gone for the service worker too.
 * That test runs last, so the server is not started again.
 */
const DIST = new URL('../dist/web/', import.meta.url);
const chunkModules = JSON.parse(readFileSync(new URL('.vite/chunk-modules.json', DIST), 'utf8')) as Record<
  string,
  string[]
>;
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', DIST), 'utf8')) as Record<
  string,
  { file: string; isEntry?: boolean }
>;
const entryFile = Object.values(manifest).find((chunk) => chunk.isEntry)!.file;
const chunkOf = (source: string) => manifest[source]!.file;
/** Code of the pages that are not the staff app's (the entry holds the landing page, the shell). */
const OTHER_PAGES = /web\/src\/features\/(admin|dealer|inventory|vehicle|team|landing)\//;
const STAFF_VIN = '1HGCM82633A004352';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchChromium()]);
});
afterAll(async () => {
  await releaseChromium(browser);
  await server?.stop();
});

const open = (viewport: { width: number; height: number } = PHONE) =>
  openPage(browser, viewport, { baseURL: server.url });

/** The service worker registrations this page's origin has (none until a staff page registers one). */
const registrations = (page: Page) =>
  page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname),
  );

/** Waits until the staff app's service worker is active (installed: everything it keeps is kept). */
const activeWorker = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: new URL(registration.scope).pathname, script: registration.active?.scriptURL ?? '' };
  });

/** The URLs the service worker keeps (Workbox's precache), without its revision parameter. */
const precached = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        url.searchParams.delete('__WB_REVISION__');
        urls.push(`${url.pathname}${url.search}`);
      }
    }
    return urls.sort();
  });

/** A staff upload through the real endpoints: the walkaround by tus, then the vehicle. */
async function uploadAsStaff(context: BrowserContext, vin: string) {
  const video = mp4Bytes(64 * 1024);
  const name = (s: string) => Buffer.from(s).toString('base64');
  const created = await context.request.post('/api/uploads', {
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(video.length),
      'upload-metadata': `filename ${name('walk.mp4')},filetype ${name('video/mp4')}`,
    },
  });
  expect(created.status()).toBe(201);
  const location = new URL(created.headers().location!, server.url).pathname;
  const sent = await context.request.patch(location, {
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    data: video,
  });
  expect(sent.status()).toBe(204);
  const vehicle = await context.request.post('/api/vehicles', {
    data: { vin, videos: [`/media/uploads/${location.split('/').pop()}.mp4`] },
  });
  expect(vehicle.status(), await vehicle.text()).toBe(201);
  return (await vehicle.json()) as { id: number };
}

describe('installable staff app', () => {
  it('serves a valid manifest from the staff pages only, with icons that load', async () => {
    const { page, context, errors } = await open();
    const response = await context.request.get(STAFF_MANIFEST_PATH);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const webManifest = await response.json();
    expect(webManifest).toMatchObject({
      start_url: '/upload',
      scope: STAFF_APP_SCOPE,
      display: 'standalone',
      short_name: 'Upload',
      theme_color: '#0f172a',
      background_color: '#ffffff',
    });
    expect(webManifest.name).toMatch(/Upload$/);
    expect(
      webManifest.icons.map((i: { purpose: string; sizes: string }) => `${i.purpose} ${i.sizes}`),
    ).toEqual(['any 192x192', 'any 512x512', 'maskable 512x512']);
    for (const icon of webManifest.icons as { src: string; sizes: string; type: string }[]) {
      const file = await context.request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type']).toBe(icon.type);
      const { width, height, format } = await sharp(await file.body()).metadata();
      expect(`${format} ${width}x${height}`).toBe(`png ${icon.sizes}`);
    }

    // The staff pages link it; the public pages keep the site's own.
    const manifestLink = () => page.locator('link[rel="manifest"]').getAttribute('href');
    for (const path of ['/upload', '/upload/recon', '/upload/mine']) {
      await page.goto(path);
      expect(await manifestLink(), path).toBe(STAFF_MANIFEST_PATH);
    }
    for (const path of ['/', '/inventory', '/admin']) {
      await page.goto(path);
      expect(await manifestLink(), path).toBe('/manifest.webmanifest');
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers a new version, which takes over on "Reload" (not before)', async () => {
    const { page, context, errors } = await open();
    await signInContext(context, 'staff', { password: E2E_UPLOAD_PASSWORD });
    await page.goto('/upload');
    await page.getByLabel('VIN').waitFor();
    await activeWorker(page);
    // The page registers its worker once it has loaded and the browser is idle (up to 2 s later). The
    // next build is registered after that page's own registration, or that one (the script's usual
    // URL) would replace the waiting next build: the script records when a registration was made.
    await context.addInitScript(() => {
      const container = navigator.serviceWorker;
      const register = container.register.bind(container);
      container.register = (...args) =>
        register(...args).then((registration) => {
          (window as { registered?: boolean }).registered = true;
          return registration;
        });
    });
    // A reload puts the page under the worker's control; a new build then changes the script's bytes.
    await page.reload();
    await page.getByLabel('VIN').waitFor();
    await page.waitForFunction(() => (window as { registered?: boolean }).registered === true);
    // The next build, as the browser's update check would find it (the script at a new URL is a new
    // version to the registration, whatever its bytes).
    await page.evaluate(
      ([script, scope]) => navigator.serviceWorker.register(`${script}?next-build`, { scope }),
      [STAFF_SW_PATH, STAFF_APP_SCOPE],
    );
    await page.getByRole('status').filter({ hasText: 'A new version is ready' }).waitFor();
    // It waits: the page keeps the version it started with until asked.
    expect(
      await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting),
    ).toBe(true);
    // Which worker served the reloaded page (read as it starts: the page's own registration, with the
    // script's usual URL, may start yet another update afterwards).
    await context.addInitScript(() => {
      (window as { servedBy?: string }).servedBy = navigator.serviceWorker.controller?.scriptURL;
      // The reloaded page's own registration (the script's usual URL) would be yet another version
      // to the registration, and a new banner, as soon as the browser is idle — on a busy machine
      // before the check below. Which version serves the page is what this test is about.
      navigator.serviceWorker.register = () => navigator.serviceWorker.ready;
    });
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await page.getByLabel('VIN').waitFor();
    expect(await page.evaluate(() => (window as { servedBy?: string }).servedBy)).toBe(
      `${server.url}${STAFF_SW_PATH}?next-build`,
    );
    expect(await page.getByText('A new version is ready').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists the staff member’s uploads in "My uploads", reached from the wizard', async () => {
    const { page, context, errors } = await open({ width: 390, height: 844 });
    await signInContext(context, 'staff', { password: E2E_UPLOAD_PASSWORD });
    const first = await uploadAsStaff(context, '1G4AH59H45G118341');
    const second = await uploadAsStaff(context, '1FTFW1ET9DFC10312');
    await page.goto('/upload');
    await page.getByRole('link', { name: MY_UPLOADS_TEXT.link }).click();
    await page.getByRole('heading', { name: MY_UPLOADS_TEXT.title, level: 1 }).waitFor();
    // The demo's history has the lot's earlier uploads (sold): the page shows the newest 50 of them all.
    const all = (await (await context.request.get('/api/staff/uploads?limit=200')).json()) as {
      total: number;
      uploads: { id: number }[];
    };
    expect(all.total).toBeGreaterThan(2);
    const shown = Math.min(all.total, 50);
    await page
      .getByTestId('uploads-count')
      .filter({ hasText: MY_UPLOADS_TEXT.showing(shown, all.total) })
      .waitFor();
    const items = page.locator('li[data-testid^="upload-"]');
    const ids = await items.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-testid')));
    expect(ids).toHaveLength(shown);
    expect(ids.slice(0, 2)).toEqual([`upload-${second.id}`, `upload-${first.id}`]);
    expect(ids).toEqual(all.uploads.slice(0, shown).map((u) => `upload-${u.id}`));
    expect(await page.getByTestId(`upload-${first.id}`).innerText()).toContain(
      STAFF_UPLOAD_STATE_TEXT.queued,
    );
    expect(await page.getByTestId(`upload-${first.id}`).innerText()).toContain('1G4AH59H45G118341');
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/pwa-my-uploads.png` });
    expect(await axeViolations(page, { include: 'main' })).toEqual([]);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('registers the service worker on /upload only, and /upload opens and works with no network', async () => {
    const { page, context, errors } = await open();
    // The public pages never register it (they do not even carry the code that would).
    for (const path of ['/', '/inventory']) {
      await page.goto(path);
      // An absence (no registration) is proved only once the app has run: registration would come after it.
      await appIsReady(page);
      await page.waitForLoadState('load');
      await page.waitForTimeout(2500);
      expect(await registrations(page), path).toEqual([]);
    }

    // The script is always revalidated, and allowed the staff pages' scope.
    const script = await context.request.get(STAFF_SW_PATH);
    expect(script.status()).toBe(200);
    expect(script.headers()['cache-control']).toBe('no-cache');
    expect(script.headers()['service-worker-allowed']).toBe(STAFF_APP_SCOPE);

    await signInContext(context, 'staff', { password: E2E_UPLOAD_PASSWORD });
    await page.goto('/upload');
    await page.getByLabel('VIN').waitFor();
    expect(await activeWorker(page)).toEqual({
      scope: STAFF_APP_SCOPE,
      script: `${server.url}${STAFF_SW_PATH}`,
    });
    expect(await registrations(page)).toEqual([STAFF_APP_SCOPE]);

    // What it keeps: the staff pages' code, its shell and files, nothing of the other pages'.
    const kept = await precached(page);
    const expected = JSON.parse(readFileSync(new URL('.vite/staff-precache.json', DIST), 'utf8')) as {
      url: string;
    }[];
    expect(kept).toEqual(expected.map((e) => e.url).sort());
    for (const source of [
      'src/features/upload/upload-page.tsx',
      'src/features/upload/recon/recon-page.tsx',
      'src/features/upload/my-uploads/my-uploads-page.tsx',
      // The toast area, which the app loads apart: a wizard opened without signal asked for it at
      // its first toast, and the failed load blanked the page (the offline-capture journey, in CI).
      'src/components/ui/toaster.tsx',
    ])
      expect(kept, source).toContain(`/${chunkOf(source)}`);
    expect(kept).toContain(`/${entryFile}`);
    expect(kept).toEqual(
      expect.arrayContaining([STAFF_SHELL_URL, STAFF_MANIFEST_PATH, ...STAFF_ICONS.map((i) => i.src)]),
    );
    for (const source of [
      'src/features/admin/admin-page.tsx',
      'src/features/dealer/dealer-dashboard-page.tsx',
      'src/features/inventory/inventory-page.tsx',
      'src/features/vehicle/vehicle-page.tsx',
    ])
      expect(kept, source).not.toContain(`/${chunkOf(source)}`);
    const otherPagesCode = kept
      .filter((url) => url !== `/${entryFile}`)
      .flatMap((url) => (chunkModules[url.slice(1)] ?? []).filter((m) => OTHER_PAGES.test(m)));
    expect(otherPagesCode).toEqual([]);
    // Nothing but those: no API answer, no upload, no other page.
    expect(kept.filter((url) => url.startsWith('/api/') || url.startsWith('/media/'))).toEqual([]);

    // No network at all: the browser is offline and the server is gone (for good: this test runs last).
    await context.setOffline(true);
    await server.stop();
    await page.reload();
    await page.getByRole('heading', { name: 'Upload Vehicle', level: 1 }).waitFor();
    const vin = page.getByLabel('VIN');
    await vin.fill(STAFF_VIN);
    expect(await vin.inputValue()).toBe(STAFF_VIN);
    // The toast area's code, loaded apart once the page is idle, comes from the phone too: the page
    // is still there with it.
    await page.getByRole('region', { name: 'Notifications (F8)' }).waitFor({ state: 'attached' });
    expect(await vin.inputValue()).toBe(STAFF_VIN);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${server.url}${STAFF_SW_PATH}`,
    );
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/pwa-offline-upload.png` });
    // The only failures are the reads that need the network (the session, the media settings…).
    expect(
      errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_CONNECTION_REFUSED/.test(e)),
    ).toEqual([]);
    await context.close();
  });
});
