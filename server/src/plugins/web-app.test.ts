import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

/** A stand-in for `dist/web`: the plugin under test serves whatever build it is given. */
function fixtureBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'web-build-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="x" /><title>x</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *');
  // A manifest as Vite writes it: the entry, a chunk it shares, and lazy pages importing both.
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_shared-1.js'] },
      '_shared-1.js': { file: 'assets/shared-1.js' },
      '_form-2.js': { file: 'assets/form-2.js', imports: ['_shared-1.js'] },
      'src/features/dealer/dealer-login-page.tsx': {
        file: 'assets/dealer-login-page-3.js',
        isDynamicEntry: true,
        imports: ['index.html', '_form-2.js', '_shared-1.js'],
        css: ['assets/dealer-login-page-3.css'],
      },
      'src/features/inventory/inventory-page.tsx': {
        file: 'assets/inventory-page-4.js',
        isDynamicEntry: true,
        imports: ['index.html'],
      },
    }),
  );
  return dir;
}

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ webDir: fixtureBuild(), env: { BRAND_NAME: 'Lot </script><b>Runner' } });
});
afterAll(() => ctx.close());

describe('serving the web app', () => {
  it('serves every page of the route table with the brand embedded and the page title', async () => {
    for (const url of [
      '/',
      '/inventory',
      '/vehicle/12',
      '/admin',
      '/admin/login',
      '/upload',
      '/dealer/login',
      '/dealer/dashboard',
    ]) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const res = await ctx.app.inject('/inventory');
    expect(res.body).toContain('<title>Vehicle Listings | Lot &lt;/script&gt;&lt;b&gt;Runner</title>');
    // The brand JSON cannot close its own script element.
    expect(res.body).toContain(
      '<script type="application/json" id="brand-config">{"productName":"Lot \\u003c/script>\\u003cb>Runner"',
    );
  });

  it("preloads a lazy page's code with the entry, not what the entry already loads", async () => {
    const login = (await ctx.app.inject('/dealer/login')).body;
    const preloads = [
      ...login.matchAll(/<link rel="(modulepreload|stylesheet)" crossorigin href="([^"]+)">/g),
    ];
    expect(preloads.map(([, rel, href]) => `${rel} ${href}`)).toEqual([
      'modulepreload /assets/dealer-login-page-3.js',
      'stylesheet /assets/dealer-login-page-3.css',
      'modulepreload /assets/form-2.js',
    ]);
    expect((await ctx.app.inject('/inventory')).body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/inventory-page-4.js">',
    );
    // The landing page is in the entry; pages missing from the manifest preload nothing.
    expect((await ctx.app.inject('/')).body).not.toContain('modulepreload');
    expect((await ctx.app.inject('/admin')).body).not.toContain('modulepreload');
  });

  it("preloads the API read a page starts with, as the app's credentialed fetch", async () => {
    const preload = (body: string) =>
      /<link rel="preload" href="([^"]+)" as="fetch" crossorigin="use-credentials">/.exec(body)?.[1];
    expect(preload((await ctx.app.inject('/inventory?q=kia')).body)).toBe('/api/vehicles');
    expect(preload((await ctx.app.inject('/vehicle/42')).body)).toBe('/api/vehicles/42');
    // Each vehicle page names its own vehicle, though the page is rendered once.
    expect(preload((await ctx.app.inject('/vehicle/7')).body)).toBe('/api/vehicles/7');
    for (const url of ['/vehicle/abc', '/vehicle/0', '/', '/dealer/login', '/admin'])
      expect(preload((await ctx.app.inject(url)).body), url).toBeUndefined();
    expect((await ctx.app.inject('/vehicle/7')).body).not.toContain('<!--');
  });

  it('serves the app with a 404 status for paths outside the route table', async () => {
    const res = await ctx.app.inject('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<title>404 Page Not Found |');
  });

  it('caches hashed assets for a year and other files for an hour', async () => {
    const asset = await ctx.app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await ctx.app.inject('/robots.txt');
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('does not serve build bookkeeping or escape the build directory', async () => {
    expect((await ctx.app.inject('/.vite/manifest.json')).headers['content-type']).toContain('text/html');
    const traversal = await ctx.app.inject('/assets/..%2f..%2fpackage.json');
    expect(traversal.body).not.toContain('"dependencies"');
    const malformed = await ctx.app.inject('/%E0%A4%A');
    expect(malformed.statusCode).toBe(400);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await ctx.app.inject('/api/vehicles-nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('compresses large responses', async () => {
    const res = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    // index.html is small in the fixture; the threshold keeps it uncompressed.
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('demo media', () => {
  it('serves the demo walkaround video with range requests', async () => {
    const full = await ctx.app.inject('/media/demo/walkaround.webm');
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/webm');
    const part = await ctx.app.inject({
      url: '/media/demo/walkaround.webm',
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    expect((await ctx.app.inject('/media/demo/../../package.json')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await ctx.app.inject('/media/demo/nope.mp4')).statusCode).toBe(404);
  });
});
