import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { openEventStream } from '../test/event-stream';
import { migratedDataDir } from '../test/scratch';
import { spawnServer } from '../test/spawn-server';

/** One GET on a fresh connection: its status, or the connection error's code. */
const get = (url: string) =>
  new Promise<number | string>((resolve) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'ERROR'));
    req.end();
  });

describe('graceful shutdown', () => {
  it('lets an in-flight request finish after SIGTERM, refuses new connections, and exits 0 within the bound', async () => {
    const server = await spawnServer({
      DATA_DIR: migratedDataDir('shutdown-'),
      SHUTDOWN_TIMEOUT_MS: '5000',
    });
    expect(await get(`${server.url}/healthz`)).toBe(200);

    // A request whose body is still arriving when the signal comes: it is in flight.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'some password' });
    const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${server.url}/api/admin/login`, {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 800);
      }, 200);
    });

    await new Promise((r) => setTimeout(r, 500));
    // While it drains: the process is alive, but new connections are refused.
    expect(server.child.exitCode).toBeNull();
    expect(await get(`${server.url}/healthz`)).toBe('ECONNREFUSED');

    const answered = await inFlight;
    expect(answered.status).toBe(403);
    expect(JSON.parse(answered.text).message).toBe('Not authorized as admin');
    const started = Date.now();
    expect(await server.stop()).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
  }, 60_000);

  it('ends open live streams (GET /api/events) on SIGTERM instead of waiting for them', async () => {
    const server = await spawnServer({
      DATA_DIR: migratedDataDir('shutdown-'),
      SHUTDOWN_TIMEOUT_MS: '5000',
      UPLOAD_PASSWORD: 'lot-password',
    });
    const login = await fetch(`${server.url}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'lot-password' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const streams = [
      await openEventStream(`${server.url}/api/events`, { cookie }),
      await openEventStream(`${server.url}/api/events`, { cookie }),
    ];
    for (const stream of streams) expect((await stream.next()).event).toBe('ready');

    const started = Date.now();
    server.child.kill('SIGTERM');
    await Promise.all(streams.map((s) => s.ended));
    expect(await server.stop()).toBe(0);
    // Well inside SHUTDOWN_TIMEOUT_MS (which would exit 1) and the 72 s keep-alive of a lingering socket.
    expect(Date.now() - started).toBeLessThan(3000);
  }, 60_000);
});
