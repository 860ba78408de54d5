import { readFileSync } from 'node:fs';
import { DEFAULT_ADMIN_TAB } from '@contracts/admin';
import { ADMIN_TAB_MODULES, PAGE_PATHS, type PageKey } from '@contracts/routes';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, openPage } from './support/browser-page';
import { DESKTOP, launchChromium, releaseChromium } from './support/chromium';
import { signInContext } from './support/sign-in';

/**
 * The server preloads each lazily loaded page's code with the entry (web-app.ts, from the page →
 * module table LAZY_PAGE_MODULES). Nothing but behaviour is compared here: for every page of the
 * route table, Chromium opens it with the server's preloads stripped, and the route chunk it then
 * loads by itself (one of the entry's dynamic imports in the Vite manifest) must be exactly what the
 * served HTML preloads, with the chunks and styles that chunk imports. A page missing from the
 * table, a wrong module for a page, or a route made lazy without telling the server, each fails.
 * The admin page's open tab is a chunk of its own the page loads (contracts/routes.ts
 * ADMIN_TAB_MODULES): the server preloads it with the page, so it is counted with the page's.
 */
const DIST = new URL('../dist/web/', import.meta.url);
type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] };
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', DIST), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const ENTRY = 'index.html';
/**
 * The entry's dynamic imports that are not pages: the purchase confirmation, loaded after a
 * purchase, and the toast area, loaded when the page is idle (app/app.tsx).
 */
const NOT_PAGES = new Set([
  'src/components/buying/purchase-confirmation.tsx',
  'src/components/ui/toaster.tsx',
]);
const routeChunks = new Map(
  (manifest[ENTRY]?.dynamicImports ?? [])
    .filter((key) => !NOT_PAGES.has(key))
    .map((key) => [`/${manifest[key]!.file}`, key]),
);

/** The admin tabs' panel chunks, by file: the page loads the open tab's (the first: Complete). */
const adminTabChunks = new Map(
  Object.values(ADMIN_TAB_MODULES).map((key) => [`/${manifest[key]!.file}`, key]),
);

/** A chunk and everything it imports statically (what the browser loads before running it). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) closure(child, seen);
  return seen;
}
/** The files (JavaScript and CSS) a set of chunks consists of. */
const filesOf = (keys: Iterable<string>) =>
  [...keys].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? [])].map((f) => `/${f}`));
const entryFiles = new Set(filesOf(closure(ENTRY)));

const ASSET =
  /<link rel="(?:modulepreload|stylesheet)"(?: fetchpriority="low")? crossorigin href="(\/assets\/[^"]+)">/g;
const assetLinks = (html: string) => new Set([...html.matchAll(ASSET)].map((m) => m[1]!));

let browser: Browser;
let vehicleId: number;
let templateAssets: Set<string>;
beforeAll(async () => {
  browser = await launchChromium();
  const list = (await (await fetch(`${baseUrl()}/api/vehicles`)).json()) as { id: number }[];
  vehicleId = list[0]!.id;
  // The landing page is not lazy: its HTML is the build's index.html with nothing preloaded by the server.
  templateAssets = assetLinks(await (await fetch(`${baseUrl()}/`)).text());
});
afterAll(() => releaseChromium(browser));

const signInFor: Partial<Record<PageKey | 'notFound', (context: BrowserContext) => Promise<void>>> = {
  admin: (context) => signInContext(context, 'admin'),
  upload: (context) => signInContext(context, 'staff'),
  dealerDashboard: (context) => signInContext(context, 'dealer', inject('demoDealer')),
  account: (context) => signInContext(context, 'team', inject('demoOwner')),
  team: (context) => signInContext(context, 'team', inject('demoOwner')),
};
const urlOf = (page: PageKey | 'notFound') =>
  page === 'notFound' ? '/no/such/page' : PAGE_PATHS[page].replace(':id', String(vehicleId));

const PAGES = [...(Object.keys(PAGE_PATHS) as PageKey[]), 'notFound' as const];
const loadedRouteModules = new Set<string>();

describe('lazy pages', () => {
  it.each(PAGES)(
    '%s: the served HTML preloads exactly the route chunk the page loads (after the page when rendered by the server)',
    async (key) => {
      const url = urlOf(key);
      const html = await (await fetch(`${baseUrl()}${url}`)).text();
      const preloaded = [...assetLinks(html)].filter((href) => !templateAssets.has(href));

      const { page, context, errors } = await openPage(browser, DESKTOP, {
        // The not-found page is answered 404 on purpose (crawlers see a real not-found page).
        expectedFailures: key === 'notFound' ? [{ path: url, status: 404 }] : [],
      });
      await signInFor[key]?.(context);
      // Without the server's preloads, what the app fetches is what the page needs by itself.
      await page.route(url, async (route) => {
        const response = await route.fetch();
        let body = await response.text();
        for (const href of preloaded) body = body.replace(new RegExp(`<link [^>]*href="${href}">`), '');
        await route.fulfill({ response, body });
      });
      const requested = new Set<string>();
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/assets/')) requested.add(path);
      });
      await page.goto(url);
      await page.getByRole('heading').first().waitFor();
      await page.waitForLoadState('networkidle');

      const routeModules = [...requested].flatMap((file) => routeChunks.get(file) ?? []);
      const tabModules = [...requested].flatMap((file) => adminTabChunks.get(file) ?? []);
      expect(tabModules, 'the admin page loads its open tab alone; no other page loads a tab').toEqual(
        key === 'admin' ? [ADMIN_TAB_MODULES[DEFAULT_ADMIN_TAB]] : [],
      );
      const needed = new Set<string>();
      for (const module of routeModules) loadedRouteModules.add(module);
      for (const module of [...routeModules, ...tabModules])
        for (const file of filesOf(closure(module))) needed.add(file);
      const expected = [...needed].filter((file) => !entryFiles.has(file));
      expect(routeModules.length, 'a page is rendered by at most one lazy route module').toBeLessThanOrEqual(
        1,
      );
      expect(preloaded.sort()).toEqual(expected.sort());
      // A page the server renders paints without its code: its chunks are named after the page,
      // behind its images (ADR 0016), by the HTML rather than by the entry's script.
      const isServerRendered = key === 'inventory' || key === 'vehicle';
      if (isServerRendered) {
        expect(expected.length).toBeGreaterThan(0);
        const head = html.slice(0, html.indexOf('</head>'));
        expect(preloaded.filter((href) => head.includes(href))).toEqual([]);
      }
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('every lazily loaded route module is some page of the route table', () => {
    expect([...loadedRouteModules].sort()).toEqual([...routeChunks.values()].sort());
  });
});
