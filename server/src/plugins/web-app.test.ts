import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { premiumCertification } from '@contracts/brand';
import { GALLERY_FRAME_SIZES } from '@contracts/condition-report-rules';
import { DEALER_DASHBOARD_SECTION_KEYS, dealerDashboardPath } from '@contracts/dealer-dashboard';
import { ADMIN_TAB_MODULES } from '@contracts/routes';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertVehicle } from '../../test/factories';
import { dealerWithCode } from '../../test/helpers';
import { scratchDir } from '../../test/scratch';
import { signIn, signInAdmin, signInStaff, TEST_ACCOUNTS } from '../../test/sessions';
import { withApp } from '../../test/with-app';
import { vehiclePhotos } from '../db/schema';
import { parseLiveSince } from '../modules/live/live-stream';
import { SESSION_COOKIES } from './auth';

const BIG_ASSET = `export const words = ${JSON.stringify('wholesale '.repeat(500))};`;

/** A stand-in for `dist/web`: the plugin under test serves whatever build it is given. */
function fixtureBuild() {
  // dist/web and, beside it, dist/ssr (left empty: these pages are the shell alone).
  const dir = join(scratchDir('web-build-'), 'web');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="x" /><title>x</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  // A larger asset with the compressed copies the build writes beside it (vite.config.ts).
  writeFileSync(join(dir, 'assets', 'big-def456.js'), BIG_ASSET);
  writeFileSync(join(dir, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_ASSET));
  writeFileSync(join(dir, 'assets', 'big-def456.js.gz'), gzipSync(BIG_ASSET));
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *');
  // A manifest as Vite writes it: the entry, a chunk it shares, and lazy pages importing both.
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index-abc123.js',
        isEntry: true,
        imports: ['_shared-1.js'],
        css: ['assets/index-abc123.css'],
      },
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
      // The admin page and two of its tabs' panels, each loaded on demand (issue #47).
      'src/features/admin/admin-page.tsx': {
        file: 'assets/admin-page-5.js',
        isDynamicEntry: true,
        imports: ['index.html', '_shared-1.js'],
      },
      [ADMIN_TAB_MODULES.complete]: {
        file: 'assets/complete-tab-6.js',
        isDynamicEntry: true,
        imports: ['_form-2.js'],
      },
      [ADMIN_TAB_MODULES.transactions]: {
        file: 'assets/transactions-tab-7.js',
        isDynamicEntry: true,
        imports: ['_shared-1.js'],
      },
    }),
  );
  return dir;
}

/** A published vehicle whose cover is a damage close-up (its gallery opens on the front shot), and one without photos. */
let withPhotos: number;
let withoutPhotos: number;
const storageKey = (n: number) => `${'ab'.repeat(15)}0${n}`;
const ctx = withApp({
  accounts: false,
  webDir: fixtureBuild(),
  env: { BRAND_NAME: 'Lot </script><b>Runner' },
});
beforeAll(async () => {
  withPhotos = (await insertVehicle(ctx.db)).id;
  withoutPhotos = (await insertVehicle(ctx.db)).id;
  await ctx.db.insert(vehiclePhotos).values(
    (['damage', 'front'] as const).map((kind, n) => ({
      vehicleId: withPhotos,
      uploadId: `test:${n}`,
      storageKey: storageKey(n),
      position: n,
      kind,
      width: 2000,
      height: 1500,
      placeholder: 'data:image/webp;base64,AA==',
      originalMime: 'image/jpeg',
      uploadedBy: 'system:',
    })),
  );
});

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
      // The dashboard's sections (issue #46): each of the contract's table is a page of its own.
      ...DEALER_DASHBOARD_SECTION_KEYS.map((section) => dealerDashboardPath(section)),
      '/dealer/dashboard/offers/',
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

  it('holds taps made before the app runs with the one inline script, which the CSP allows by its hash', async () => {
    const res = await ctx.app.inject('/vehicle/12');
    // Right after the charset, before any stylesheet could hold it back.
    expect(res.body).toMatch(/^<!doctype html><html><head><meta charset="UTF-8" \/><script>\(function\(\)\{/);
    const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
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
    expect((await ctx.app.inject('/upload')).body).not.toContain('modulepreload');
  });

  it("preloads the open admin tab's panel with the admin page, and no other tab's (issue #47)", async () => {
    const preloads = async (url: string) =>
      [
        ...(await ctx.app.inject(url)).body.matchAll(
          /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
        ),
      ].map(([, href]) => href);
    const page = '/assets/admin-page-5.js';
    // The default tab without a ?tab=, or with one the page does not know.
    for (const url of ['/admin', '/admin?tab=complete', '/admin?tab=nope'])
      expect(await preloads(url), url).toEqual([page, '/assets/complete-tab-6.js', '/assets/form-2.js']);
    expect(await preloads('/admin?tab=transactions')).toEqual([page, '/assets/transactions-tab-7.js']);
  });

  it("preloads the API read a page starts with, as the app's credentialed fetch", async () => {
    const preload = (body: string) =>
      /<link rel="preload" href="([^"]+)" as="fetch" crossorigin="use-credentials">/.exec(body)?.[1];
    expect(preload((await ctx.app.inject('/inventory')).body)).toBe('/api/vehicles/search');
    // Another search is asked for with its own query by the app.
    expect(preload((await ctx.app.inject('/inventory?q=kia')).body)).toBeUndefined();
    expect(preload((await ctx.app.inject('/vehicle/42')).body)).toBe('/api/vehicles/42');
    // Each vehicle page names its own vehicle, though the page is rendered once.
    expect(preload((await ctx.app.inject('/vehicle/7')).body)).toBe('/api/vehicles/7');
    for (const url of ['/vehicle/abc', '/vehicle/0', '/', '/dealer/login'])
      expect(preload((await ctx.app.inject(url)).body), url).toBeUndefined();
    // /admin: its session check; with an admin's session cookie, the stat cards' and tabs' counts too.
    const preloads = (body: string) =>
      [...body.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="use-credentials">/g)].map(
        (m) => m[1],
      );
    expect(preloads((await ctx.app.inject('/admin')).body)).toEqual(['/api/admin/check']);
    const asAdmin = (url: string) => ctx.app.inject({ url, cookies: { [SESSION_COOKIES.admin]: 'x' } });
    expect(preloads((await asAdmin('/admin?tab=offers')).body)).toEqual([
      '/api/admin/check',
      '/api/admin/tab-counts',
    ]);
    // On the default tab its queue's first page too, as the tab asks for it.
    for (const url of ['/admin', '/admin?tab=complete'])
      expect(preloads((await asAdmin(url)).body), url).toEqual([
        '/api/admin/check',
        '/api/admin/tab-counts',
        '/api/admin/vehicles?list=queue&amp;limit=25',
      ]);
    // On the Transactions tab its aging summary and the first page of the list its URL holds, in
    // the client's order of the choices (unknown values read as the defaults), escaped for HTML.
    expect(preloads((await asAdmin('/admin?tab=transactions')).body)).toEqual([
      '/api/admin/check',
      '/api/admin/tab-counts',
      '/api/transactions/aging',
      '/api/transactions?sort=newest&amp;limit=25',
    ]);
    expect(
      preloads(
        (
          await asAdmin(
            '/admin?tx-owed=true&tx-q=%221HG%3C&tx-to=2026-11-01&tab=transactions&tx-show=overdue&tx-sort=amount&tx-from=nope',
          )
        ).body,
      ).at(-1),
    ).toBe(
      '/api/transactions?sort=amount&amp;filter=overdue&amp;q=%221HG%3C&amp;to=2026-11-01&amp;owed=true&amp;limit=25',
    );
    expect(
      preloads((await asAdmin('/admin?tab=transactions&tx-show=cancelled&tx-sort=worst')).body).at(-1),
    ).toBe('/api/transactions?sort=newest&amp;state=cancelled&amp;limit=25');
    expect((await ctx.app.inject('/vehicle/7')).body).not.toContain('<!--');
  });

  it("preloads the gallery's first photo with a vehicle's page, as the gallery picks it", async () => {
    const links = (body: string) =>
      [...body.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);
    const html = (await ctx.app.inject(`/vehicle/${withPhotos}`)).body;
    const base = `/media/photos/${storageKey(1)}`;
    const sizes = `imagesizes="${GALLERY_FRAME_SIZES}"`;
    // On a phone the gallery offers at most the 640 px variant, elsewhere every width; AVIF only.
    expect(links(html)).toEqual([
      `<link rel="preload" as="image" type="image/avif" media="(max-width: 479px)" imagesrcset="${base}/320.avif 320w, ${base}/640.avif 640w" ${sizes} fetchpriority="high">`,
      `<link rel="preload" as="image" type="image/avif" media="not all and (max-width: 479px)" imagesrcset="${base}/320.avif 320w, ${base}/640.avif 640w, ${base}/1280.avif 1280w, ${base}/2000.avif 2000w" ${sizes} fetchpriority="high">`,
    ]);
    // Nothing to preload for a vehicle without photos, an unknown one, or another page.
    for (const url of [`/vehicle/${withoutPhotos}`, '/vehicle/999999', '/inventory', '/'])
      expect(links((await ctx.app.inject(url)).body), url).toEqual([]);
  });

  it('names what the first paint waits for in the Link header: the stylesheet, the entry, a vehicle’s first photo', async () => {
    const linksOf = async (url: string) =>
      String((await ctx.app.inject(url)).headers.link ?? '').split(/, (?=<)/);
    const base = `/media/photos/${storageKey(1)}`;
    const entry = [
      '</assets/index-abc123.css>; rel=preload; as=style; crossorigin',
      '</assets/index-abc123.js>; rel=modulepreload; crossorigin',
    ];
    // Asked for as the headers arrive, before the parser has been through the page; the photo as
    // the gallery picks it (capped on phones, AVIF only), as the HTML's own preload links say.
    expect(await linksOf(`/vehicle/${withPhotos}`)).toEqual([
      ...entry,
      `<${base}/320.avif>; rel=preload; as=image; type="image/avif"; media="(max-width: 479px)"; imagesrcset="${base}/320.avif 320w, ${base}/640.avif 640w"; imagesizes="${GALLERY_FRAME_SIZES}"; fetchpriority=high`,
      `<${base}/320.avif>; rel=preload; as=image; type="image/avif"; media="not all and (max-width: 479px)"; imagesrcset="${base}/320.avif 320w, ${base}/640.avif 640w, ${base}/1280.avif 1280w, ${base}/2000.avif 2000w"; imagesizes="${GALLERY_FRAME_SIZES}"; fetchpriority=high`,
    ]);
    for (const url of [`/vehicle/${withoutPhotos}`, '/inventory', '/', '/no-such-page'])
      expect(await linksOf(url), url).toEqual(entry);
  });

  it('serves the app with a 404 status for paths outside the route table', async () => {
    const res = await ctx.app.inject('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<title>404 Page Not Found |');
    // A dashboard section the table does not name is not a page either.
    for (const url of ['/dealer/dashboard/nope', '/dealer/dashboard/offers/45'])
      expect((await ctx.app.inject(url)).statusCode, url).toBe(404);
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

  it("sends the build's compressed copies of an asset to browsers that accept them", async () => {
    const br = await ctx.app.inject({
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_ASSET);
    const gz = await ctx.app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_ASSET);
    const plain = await ctx.app.inject({
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_ASSET);
    // The copies are not pages of their own.
    const copy = await ctx.app.inject('/assets/big-def456.js.br');
    expect(copy.headers['content-type']).toContain('text/html');
  });

  it('compresses large responses', async () => {
    // A page (over 1 kB with its inline script) is compressed; a small answer is left as it is.
    const page = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    const small = await ctx.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
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

/**
 * A stand-in for dist/ssr/entry-server.js with the real one's interface (web/src/app/entry-server.tsx,
 * exercised by the browser journeys): it shows what it was given, so the server's part is seen.
 */
const STAND_IN_RENDERER = `
export function pageDataFor(pathname, search) {
  if (pathname === '/inventory') return { page: 'inventory', search: { q: new URLSearchParams(search).get('q') ?? '', cert: 'all', grade: 'any', sort: 'newest' } };
  const id = pathname.split('/')[2];
  if (pathname.startsWith('/vehicle/')) return { page: 'vehicle', id };
  return null;
}
globalThis.renders = (globalThis.renders ?? 0);
export async function renderAdminFrame(search, email) {
  if (search === 'tab=insights') throw new Error('render failed');
  return '<main>admin frame ' + search + ' for ' + email + '</main>';
}
export async function renderPage(pathname, search, needed, data) {
  globalThis.renders++;
  if (needed.search?.q === 'explode') throw new Error('render failed');
  const names = needed.page === 'inventory' ? data.items.map((v) => v.make + ' ' + v.model) : [data.vehicle.make + ' ' + data.vehicle.model];
  return { html: '<main>' + names.join(', ') + ' for ' + globalThis.__dealMachineBrand.productName + '</main>', state: { needed, total: data.total ?? null, guarantee: data.guarantee ?? null, tricky: '</script><script>alert(1)</script>' }, ...(needed.page === 'vehicle' ? { title: data.vehicle.make + ' <b>' + data.vehicle.model + '</b>' } : {}) };
}
`;

/** fixtureBuild with, beside it, the server renderer's stand-in. */
function ssrBuild() {
  const webDir = fixtureBuild();
  mkdirSync(join(webDir, '..', 'ssr'));
  writeFileSync(join(webDir, '..', 'ssr', 'entry-server.js'), STAND_IN_RENDERER);
  return webDir;
}

describe('server-rendered pages', () => {
  const ssr = withApp({ webDir: ssrBuild(), env: { BRAND_NAME: 'Lot Runner' } });
  let published: number;
  const renders = () => (globalThis as { renders?: number }).renders ?? 0;
  const stateOf = (html: string) =>
    JSON.parse(/<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');
  beforeAll(async () => {
    published = (await insertVehicle(ssr.db, { make: 'Kia', model: 'Soul' })).id;
    await insertVehicle(ssr.db, { make: 'Ford', model: 'Escape' });
  });

  it("renders the inventory's first page and the state it came from into the page", async () => {
    const res = await ssr.app.inject('/inventory?q=kia');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><main>Kia Soul for Lot Runner</main></div>');
    // The state the browser hydrates from, which cannot close its element.
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(stateOf(res.body)).toMatchObject({
      needed: { page: 'inventory', search: { q: 'kia' } },
      total: 1,
    });
    // The app asks for nothing the page already has; its code is named after the page (behind the
    // page's images), by the HTML rather than one <link> at a time from script.
    expect(res.body).not.toContain('as="fetch"');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).not.toContain('modulepreload');
    expect(res.body).toMatch(
      /id="ssr-state">.*<\/script><link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/inventory-page-4\.js">.*<\/body>/s,
    );
    const shell = await ssr.app.inject('/inventory?q=explode');
    expect(shell.body).toContain('<link rel="modulepreload" crossorigin href="/assets/inventory-page-4.js">');
    const vehicle = await ssr.app.inject(`/vehicle/${published}`);
    expect(vehicle.body).toContain('<main>Kia Soul for Lot Runner</main>');
    // Named after the vehicle, escaped.
    expect(vehicle.body).toContain('<title>Kia &lt;b&gt;Soul&lt;/b&gt;</title>');
  });

  it("renders a vehicle's page with the guarantee its certification is sold with, as the sale terms give it (issue #46)", async () => {
    const { guarantees } = (await ssr.app.inject('/api/sale-terms')).json();
    // The factory's cars are Auction Certified; this one carries the brand's own certification.
    const premiumCar = await insertVehicle(ssr.db, {
      make: 'Mazda',
      model: 'CX-5',
      condition: premiumCertification(ssr.config.brand),
    });
    ssr.app.searchCache.invalidate();
    const auction = stateOf((await ssr.app.inject(`/vehicle/${published}`)).body);
    const premium = stateOf((await ssr.app.inject(`/vehicle/${premiumCar.id}`)).body);
    expect(auction.guarantee).toEqual(guarantees.auction);
    expect(premium.guarantee).toEqual(guarantees.premium);
    expect(premium.guarantee.level).toBe('premium');
    expect(auction.guarantee.level).toBe('auction');
  });

  it('renders a page once until the published list changes', async () => {
    const before = renders();
    await ssr.app.inject('/inventory?q=ford');
    await ssr.app.inject('/inventory?q=ford');
    expect(renders()).toBe(before + 1);
    ssr.app.searchCache.invalidate();
    await ssr.app.inject('/inventory?q=ford');
    expect(renders()).toBe(before + 2);
  });

  it('renders once whatever parameters the page does not read, and never puts them in the page', async () => {
    const before = renders();
    const pages = [];
    for (let i = 0; i < 5; i++)
      pages.push(await ssr.app.inject(`/inventory?q=escape&x=${Math.random()}&utm_source=n${i}`));
    await ssr.app.inject('/inventory?utm_campaign=z&q=escape&q=ignored');
    expect(renders()).toBe(before + 1);
    for (const page of pages) {
      expect(page.body).toContain('<main>Ford Escape for Lot Runner</main>');
      expect(page.body).not.toMatch(/utm_source|x=0\./);
    }
    // A URL with more parameters than any page reads is not rendered at all (the shell serves).
    const many = Array.from({ length: 40 }, (_, i) => `p${i}=${i}`).join('&');
    const shell = await ssr.app.inject(`/inventory?q=escape&${many}`);
    expect(shell.statusCode).toBe(200);
    expect(shell.body).not.toContain('<main>');
    expect(renders()).toBe(before + 1);
  });

  it("renders the admin page's frame for an admin's session only, kept by no shared cache (issue #47)", async () => {
    const admin = await signInAdmin(ssr.app);
    const asAdmin = (url: string, cookie = admin) => ssr.app.inject({ url, headers: { cookie } });
    const framed = await asAdmin('/admin?tab=transactions&cursor=abc');
    expect(framed.statusCode).toBe(200);
    // The open tab alone is what it is rendered from, and the admin the session names.
    expect(framed.body).toContain(
      `<div id="root"><main>admin frame tab=transactions for ${TEST_ACCOUNTS.adminEmail}</main></div>`,
    );
    expect(framed.headers['cache-control']).toBe('private, no-cache');
    // And names that admin for the app, which shows the same e-mail over it.
    expect(framed.body).toContain(
      `</div><script type="application/json" id="admin-frame">{"email":"${TEST_ACCOUNTS.adminEmail}"}</script>`,
    );
    // The app renders over it (no state to hydrate); its code and first reads are preloaded as before.
    expect(framed.body).not.toContain('id="ssr-state"');
    expect(framed.body).toContain('<link rel="preload" href="/api/admin/tab-counts"');
    expect(framed.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/transactions-tab-7.js">',
    );
    expect((await asAdmin('/admin?tab=nope')).body).toContain('<main>admin frame tab=complete for ');
    // No admin behind the cookie, no cookie, a renderer that fails: the app shell, as any page.
    const shells = [
      await asAdmin('/admin', `${SESSION_COOKIES.admin}=not-a-session`),
      await ssr.app.inject('/admin'),
      await asAdmin('/admin?tab=insights'),
    ];
    await ssr.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: admin } });
    shells.push(await asAdmin('/admin'));
    for (const shell of shells) {
      expect(shell.statusCode).toBe(200);
      expect(shell.body).toContain('<div id="root"></div>');
      expect(shell.body).not.toContain('id="admin-frame"');
      expect(shell.headers['cache-control']).toBe('no-cache');
    }
  });

  it("names where a live page's first stream starts, for a session of its role only (ADR 0008)", async () => {
    const sinceOf = (body: string) => /<meta name="live-since" content="([^"]*)">/.exec(body)?.[1] ?? null;
    const get = async (url: string, cookie?: string) =>
      sinceOf((await ssr.app.inject({ url, headers: cookie ? { cookie } : {} })).body);
    const admin = await signInAdmin(ssr.app);
    const staff = await signInStaff(ssr.app);
    const { dealer, code } = await dealerWithCode(ssr.db);
    const dealerCookie = await signIn(ssr.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
    // The newest event and the database's snapshot: `<id>.<xmin>:<xmax>:<in progress>`.
    const since = await get('/admin?tab=offers', admin);
    expect(since).toMatch(/^\d+\.\d+:\d+:[\d,]*$/);
    expect(parseLiveSince(since!)).not.toBeNull();
    expect(await get('/upload/recon', staff)).toMatch(/^\d+\./);
    expect(await get(dealerDashboardPath('offers'), dealerCookie)).toMatch(/^\d+\./);
    // Not to a visitor, a cookie that is no session, another role's session, or a page without a stream.
    expect(await get('/admin')).toBeNull();
    expect(await get('/admin', `${SESSION_COOKIES.admin}=not-a-session`)).toBeNull();
    expect(await get(dealerDashboardPath('offers'), admin)).toBeNull();
    expect(await get('/upload/recon', dealerCookie)).toBeNull();
    expect(await get('/inventory', admin)).toBeNull();
    expect(await get('/dealer/account', dealerCookie)).toBeNull();
  });

  it('serves the app shell when a page cannot be rendered', async () => {
    // A vehicle that is not published, a search the API refuses, a renderer that throws.
    for (const url of ['/vehicle/999999', `/inventory?q=${'x'.repeat(101)}`, '/inventory?q=explode']) {
      const res = await ssr.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('id="ssr-state"');
    }
  });
});
