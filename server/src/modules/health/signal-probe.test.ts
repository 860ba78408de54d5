import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeSignal, SIGNAL_PROBE_PATH } from '../../../../web/src/lib/uploads/signal-probe';
import { withApp } from '../../../test/with-app';

/*
 * The probe before the sync queue sends (docs/features/staff-app.md, "No signal"): our real server's
 * liveness check is a signal; a network that answers something else (a captive portal's page, a
 * refusal), nothing at all, or too late is none.
 */
const app = withApp({ accounts: false, listen: true });

let portal: Server;
let portalUrl: string;
beforeAll(async () => {
  // What a network that goes nowhere may answer: a portal's sign-in page, a 403, silence.
  portal = createServer((request, response) => {
    if (request.url === '/portal')
      return response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Wi-Fi</h1>');
    if (request.url === '/forbidden') return response.writeHead(403).end();
    if (request.url === '/broken') return response.writeHead(502).end();
    // '/silent': never answers (the probe gives up).
  });
  await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
  portalUrl = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
});
afterAll(async () => {
  portal.closeAllConnections();
  await new Promise((resolve) => portal.close(resolve));
});

describe('the signal probe', () => {
  it('is a signal when our server answers its liveness check', async () => {
    expect(await probeSignal(`${app.base}${SIGNAL_PROBE_PATH}`)).toBe(true);
  });

  it('is a signal when a server error answers (the queue then backs off as for a server error)', async () => {
    expect(await probeSignal(`${portalUrl}/broken`)).toBe(true);
  });

  it('is no signal for a portal’s page, a refusal, no answer in time, or nothing listening', async () => {
    expect(await probeSignal(`${portalUrl}/portal`)).toBe(false);
    expect(await probeSignal(`${portalUrl}/forbidden`)).toBe(false);
    expect(await probeSignal(`${portalUrl}/silent`, 300)).toBe(false);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    expect(await probeSignal(`http://127.0.0.1:${port}${SIGNAL_PROBE_PATH}`)).toBe(false);
  });
});
