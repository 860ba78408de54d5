/**
 * bench:capture — capture in the lot without signal (issue #34, docs/design.md §17), in Debian's
 * Chromium at phone size against the built app (`npm run build` first):
 * 1. A staff member captures a whole car with no network: VIN, mileage, a walkaround video of
 *    BENCH_CAPTURE_VIDEO_MB (default 15 MB: 60 s at 2 Mbit/s, a phone's compressed 720p), 30 photos
 *    of 4000×3000 (the 18 guided shots and 12 extras, drawn like a lot's photos), a damage item and
 *    recon notes. Everything waits on the phone.
 * 2. The signal returns, throttled like DevTools' "Fast 3G" preset (562.5 ms RTT, 1.44 Mbit/s down,
 *    675 kbit/s up, through CDP): the time until the vehicle is in the admin's queue with every photo
 *    and its video, the bytes the phone sent (counted by a TCP proxy between the browser and the
 *    server) against the bytes captured, and duplicates (vehicles with the VIN beyond one, photos
 *    beyond 30).
 * Ceiling, measured in the same run under the same throttle: the phone sending one plain 4 MB body to
 * a sink on 127.0.0.1, its rate scaled to the bytes the sync sent (the least any sync of them costs).
 * Stops by itself: a watchdog ends the run after BENCH_CAPTURE_TIMEOUT_S (default 1800), the app server with it.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, connect, createServer as createTcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { GUIDED_SHOTS } from '../contracts/condition-report';
import { E2E_ADMIN, E2E_UPLOAD_PASSWORD } from '../e2e/support/app-server';
import { launchChromium } from '../e2e/support/chromium';
import { mp4Bytes } from '../e2e/support/video-fixture';
import { ACCORD_VIN, startFakeVpic } from '../server/test/fake-vpic';
import { benchDatabase, line, startBenchServer, writeResults } from './support';
import { syntheticPhoto } from './synthetic-photo';

const PHOTOS = 30;
const VIDEO_BYTES = Math.round(Number(process.env.BENCH_CAPTURE_VIDEO_MB ?? 15) * 1024 * 1024);
const TIMEOUT_S = Number(process.env.BENCH_CAPTURE_TIMEOUT_S ?? 1800);
/** The ceiling's sample: one body of this size under the same throttle, its rate scaled to the bytes sent. */
const CEILING_SAMPLE = 4 * 1024 * 1024;
/** How long the sync may take once the signal is back before the run stops with what it saw. */
const SYNC_BUDGET_S = Number(process.env.BENCH_CAPTURE_SYNC_S ?? 1200);
const PHONE = { width: 390, height: 844 } as const;
/** DevTools' "Fast 3G": 562.5 ms RTT, 1.6 Mbit/s × 0.9 down, 750 kbit/s × 0.9 up (bytes per second). */
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};

/** The server's process, ended by the watchdog too (it would outlive this process otherwise). */
let serverChild: { kill(): boolean } | undefined;
const watchdog = setTimeout(() => {
  console.error(`bench:capture: still running after ${TIMEOUT_S} s, stopping`);
  serverChild?.kill();
  process.exit(2);
}, TIMEOUT_S * 1000);
watchdog.unref();

if (!existsSync('dist/web/index.html') || !existsSync('dist/ssr/entry-server.js')) {
  console.error('bench:capture runs the built app: run `npm run build` first');
  process.exit(1);
}

/** A TCP proxy in front of the server that counts the bytes the browser sends through it. */
async function countingProxy(target: URL) {
  let sent = 0;
  const sockets = new Set<Socket>();
  const proxy = createTcpServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      sent += chunk.length;
    });
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    sent: () => sent,
    reset: () => {
      sent = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}

/** A sink on 127.0.0.1 that reads and drops a request body (the ceiling's other end). */
async function sink() {
  const server = createHttpServer((request, response) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end();
      return;
    }
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>sink</title>');
      return;
    }
    let bytes = 0;
    request.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    request.on('end', () => response.writeHead(200, cors).end(String(bytes)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sink`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface AdminVehicle {
  id: number;
  vin: string;
  inQueue?: boolean;
  photos?: { id: number }[];
  videos?: string[];
}

async function adminToken(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (!login.ok) throw new Error(`admin sign-in failed: ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}

/** The vehicles with this VIN, as the admin sees them (straight to the server, not through the proxy). */
async function vehiclesWithVin(baseUrl: string, token: string, vin: string) {
  const response = await fetch(`${baseUrl}/api/vehicles`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`admin vehicle list: ${response.status}`);
  return ((await response.json()) as AdminVehicle[]).filter((v) => v.vin === vin);
}

/** What the pending-sync bar says (it names what waits on the phone). */
const barText = (page: Page) =>
  page
    .getByRole('status', { name: 'Cars saved on this phone' })
    .innerText({ timeout: 2_000 })
    .catch(() => '(no bar)');

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { name, level: 2 }).waitFor({ timeout: 120_000 });

/** The whole car captured with no network; answers the bytes captured. */
async function captureOffline(page: Page, cdp: CDPSession, video: string) {
  await page.goto('/upload');
  await page.getByLabel('Password').fill(E2E_UPLOAD_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await heading(page, 'Vehicle VIN');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: true,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.getByLabel('VIN').fill(ACCORD_VIN);
  await page.getByLabel('Mileage').fill('48,210');
  await page.getByRole('button', { name: 'Continue' }).click();
  await heading(page, 'Walkaround video');
  await page.getByLabel('Choose a video').setInputFiles(video);
  // With no signal the video waits on the phone; the wizard goes on without it.
  await page.getByText('the video is sent when a signal returns').waitFor();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await heading(page, 'Photos');
  const photos = await Promise.all(
    Array.from({ length: PHOTOS }, async (_, i) => ({
      name: `IMG_${String(i + 1).padStart(4, '0')}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await syntheticPhoto(1000 + i, 4000, 3000, { scene: true }),
    })),
  );
  const take = page.getByLabel('Take photo');
  for (const [index, shot] of GUIDED_SHOTS.entries()) {
    await page.getByRole('heading', { name: shot.label, level: 3 }).waitFor();
    await take.setInputFiles(photos[index]!, { timeout: 120_000 });
  }
  await page.getByText('Guided set done:').waitFor();
  // Twelve 4000×3000 photos handed over at once: on a busy machine that takes longer than the default 30 s.
  await page.getByLabel('Add extras').setInputFiles(photos.slice(GUIDED_SHOTS.length), { timeout: 180_000 });
  await page.getByRole('button', { name: 'Continue' }).click();
  await heading(page, 'Condition');
  await page.getByRole('button', { name: 'Hood', exact: true }).click();
  const damage = page.getByRole('form', { name: 'Damage item' });
  await damage.getByText('Dent', { exact: true }).click();
  await damage.getByText('> 3 in', { exact: true }).click();
  await damage.getByRole('button', { name: 'Add damage' }).click();
  await page.getByRole('button', { name: 'Continue (save on this phone)' }).click();
  await heading(page, 'Recon report');
  await page.getByLabel('Exterior').fill('Hail dents on the hood');
  await page.getByRole('button', { name: 'Save recon' }).click();
  await page.getByText('Saved on this phone').first().waitFor({ timeout: 120_000 });
  return VIDEO_BYTES + photos.reduce((sum, p) => sum + p.buffer.length, 0);
}

const database = await benchDatabase();
await database.handle.close();
const vpic = await startFakeVpic();
const server = await startBenchServer({
  ...database.env,
  ADMIN_EMAILS: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  UPLOAD_PASSWORD: E2E_UPLOAD_PASSWORD,
  VPIC_BASE_URL: vpic.baseUrl,
});
serverChild = server.child;
const proxy = await countingProxy(new URL(server.url));
const ceilingSink = await sink();
const browser = await launchChromium();
let failed = false;
try {
  const context = await browser.newContext({ baseURL: proxy.url, viewport: PHONE });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const video = join(mkdtempSync(join(tmpdir(), 'bench-capture-')), 'walkaround.mp4');
  writeFileSync(video, mp4Bytes(VIDEO_BYTES));
  const started = performance.now();
  const captured = await captureOffline(page, cdp, video);
  const captureMs = performance.now() - started;
  console.log(
    `captured with no signal: ${(captured / 1e6).toFixed(1)} MB in ${(captureMs / 1000).toFixed(1)} s`,
  );
  const token = await adminToken(server.url);
  if ((await vehiclesWithVin(server.url, token, ACCORD_VIN)).length !== 0)
    throw new Error('a vehicle reached the server while the phone had no signal');

  // The signal returns, slow.
  proxy.reset();
  const online = performance.now();
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  let arrived: AdminVehicle | undefined;
  let vehicles: AdminVehicle[] = [];
  let reported = 0;
  for (;;) {
    vehicles = await vehiclesWithVin(server.url, token, ACCORD_VIN);
    if (vehicles.length > 0) {
      const detail = await fetch(`${server.url}/api/vehicles/${vehicles[0]!.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const vehicle = (await detail.json()) as AdminVehicle;
      if ((vehicle.photos?.length ?? 0) >= PHOTOS && (vehicle.videos?.length ?? 0) > 0) {
        arrived = vehicle;
        break;
      }
    }
    const waited = performance.now() - online;
    if (waited > SYNC_BUDGET_S * 1000)
      throw new Error(
        `not in the queue after ${SYNC_BUDGET_S} s: ${vehicles.length} vehicle(s), ${proxy.sent()} bytes sent; the bar: ${await barText(page)}`,
      );
    if (waited - reported > 15_000) {
      reported = waited;
      console.log(
        `  ${(waited / 1000).toFixed(0)} s: ${(proxy.sent() / 1e6).toFixed(2)} MB sent · ${await barText(page)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const syncMs = performance.now() - online;
  // The bar says everything was sent (nothing left waiting on the phone).
  await page.getByText('waiting to sync').waitFor({ state: 'detached', timeout: 120_000 });
  const sent = proxy.sent();
  const photoIds = arrived.photos!.map((p) => p.id);
  const duplicates =
    vehicles.length - 1 + (photoIds.length - new Set(photoIds).size) + (photoIds.length - PHOTOS);

  console.log(
    `signal back → in the queue: ${(syncMs / 1000).toFixed(1)} s · ${(sent / 1e6).toFixed(1)} MB sent · ${vehicles.length} vehicle(s), ${photoIds.length} photos · duplicates ${duplicates}`,
  );
  // The ceiling: the same bytes as one plain body under the same throttle, from a page of the sink's
  // own origin (the app's Content-Security-Policy lets its pages reach only their own origin).
  const sinkPage = await context.newPage();
  const sinkCdp = await context.newCDPSession(sinkPage);
  await sinkCdp.send('Network.enable');
  await sinkPage.goto(ceilingSink.url);
  await sinkCdp.send('Network.emulateNetworkConditions', FAST_3G);
  const sampleMs = await sinkPage.evaluate(
    async ({ url, bytes }) => {
      const body = new Uint8Array(bytes);
      for (let i = 0; i < bytes; i += 4096) body[i] = i & 0xff;
      const t = performance.now();
      const response = await fetch(url, { method: 'POST', body });
      await response.text();
      return performance.now() - t;
    },
    { url: ceilingSink.url, bytes: CEILING_SAMPLE },
  );
  // Measured on a sample (the throttle's own rate), scaled to the bytes the sync sent.
  const ceilingMs = (sampleMs * sent) / CEILING_SAMPLE;

  const figures = {
    network: 'DevTools Fast 3G (562.5 ms RTT, 1.44 Mbit/s down, 675 kbit/s up)',
    photos: PHOTOS,
    videoBytes: VIDEO_BYTES,
    capturedBytes: captured,
    captureOfflineMs: Math.round(captureMs),
    syncToQueueMs: Math.round(syncMs),
    sentBytes: sent,
    sentToCaptured: Number((sent / captured).toFixed(3)),
    ceilingMs: Math.round(ceilingMs),
    syncToCeiling: Number((syncMs / ceilingMs).toFixed(2)),
    vehiclesWithVin: vehicles.length,
    photosOnVehicle: photoIds.length,
    duplicates,
  };
  console.log('bench:capture');
  line(
    'captured offline (30 photos 4000×3000 + video)',
    `${(captured / 1e6).toFixed(1)} MB in ${(captureMs / 1000).toFixed(1)} s`,
  );
  line('signal back → vehicle in the queue (s)', (syncMs / 1000).toFixed(1));
  line(
    'bytes sent / captured',
    `${(sent / 1e6).toFixed(1)} MB / ${(captured / 1e6).toFixed(1)} MB (${figures.sentToCaptured})`,
  );
  line(
    'ceiling: those bytes as one body (s)',
    `${(ceilingMs / 1000).toFixed(1)} → ratio ${figures.syncToCeiling}`,
  );
  line('vehicles with the VIN / photos on it', `${vehicles.length} / ${photoIds.length}`);
  line('duplicates', duplicates);
  console.log(`results: ${writeResults('capture', figures)}`);
  if (duplicates !== 0) failed = true;
  await context.close();
} catch (error) {
  failed = true;
  console.error(error);
  const shot = join(tmpdir(), 'bench-capture-failure.png');
  await browser
    .contexts()[0]
    ?.pages()[0]
    ?.screenshot({ path: shot, fullPage: true })
    .catch(() => {});
  console.error(`the page when it failed: ${shot}`);
} finally {
  clearTimeout(watchdog);
  await browser.close();
  await ceilingSink.stop();
  await proxy.stop();
  await server.stop();
  await vpic.stop();
}
process.exit(failed ? 1 : 0);
