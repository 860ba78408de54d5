import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/test-app';
import { withApp } from '../test/with-app';
import { buildApp } from './app';

const ctx = withApp({ accounts: false });

describe('app foundation', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers unknown API paths with a JSON 404 in the one error shape', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/does-not-exist?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({
        message: `No route for ${method} /api/does-not-exist`,
        code: 'NOT_FOUND',
      });
    }
  });

  it('sets security headers and a request id on every response', async () => {
    const res = await ctx.app.inject('/healthz');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    // JSON answers are never documents: they get the strictest policy, with the same other headers.
    const api = await ctx.app.inject('/api/vehicles');
    expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const missing = await ctx.app.inject('/api/nothing-here');
    expect(missing.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it('refuses cross-site mutations', async () => {
    const bySite = await ctx.app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(bySite.statusCode).toBe(403);
    expect(bySite.json().message).toBe('Cross-site requests are not allowed');
    const byOrigin = await ctx.app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { origin: 'https://evil.example' },
    });
    expect(byOrigin.statusCode).toBe(403);
    const sameOrigin = await ctx.app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(sameOrigin.statusCode).toBe(404);
  });

  it('answers malformed JSON with a 400 message, never a stack trace', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/healthz',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('turns unexpected errors into a 500 without internals', async () => {
    const app = await buildApp({ config: testConfig(), database: ctx.database, webDir: null, logger: false });
    app.get('/boom', { config: { access: 'public' } }, async () => {
      throw new Error('relation "secret_table" does not exist');
    });
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
    });
    await app.close();
  });

  it('refuses to start with a route that does not declare who may call it', async () => {
    const app = await buildApp({ config: testConfig(), database: ctx.database, webDir: null, logger: false });
    expect(() => app.get('/api/undeclared', async () => 'x')).toThrow(/does not declare config.access/);
    await app.close();
  });

  it('records every route with its access level', () => {
    const urls = ctx.app.routesTable.map((r) => `${r.method} ${r.url} ${r.access}`);
    expect(urls).toContain('GET /healthz public');
    expect(urls).toContain('HEAD /readyz public');
  });

  it('reports not ready while shutting down', async () => {
    const app = await buildApp({ config: testConfig(), database: ctx.database, webDir: null, logger: false });
    app.markShuttingDown();
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Shutting down');
    await app.close();
  });
});
