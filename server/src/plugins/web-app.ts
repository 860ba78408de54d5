import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ADMIN_TABS, adminTabOf } from '@contracts/admin';
import type { SessionRole } from '@contracts/auth';
import {
  ADMIN_FRAME_ELEMENT_ID,
  BRAND_ELEMENT_ID,
  type Brand,
  LIVE_SINCE_META_NAME,
  SSR_STATE_ELEMENT_ID,
} from '@contracts/brand';
import type { Photo } from '@contracts/condition-report';
import { GALLERY_FRAME_SIZES, PHONE_PHOTO_CAP, srcsetUpTo } from '@contracts/condition-report-rules';
import { PAGE_LIMIT } from '@contracts/limits';
import { ADMIN_TAB_MODULES, LAZY_PAGE_MODULES, matchPage, type PageKey, pageMeta } from '@contracts/routes';
import {
  TRANSACTION_LIST_PARAMS,
  TRANSACTION_LIST_PREFIX,
  transactionChoicesOf,
} from '@contracts/transactions';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../lib/app-error';
import { escapeHtml } from '../lib/escape-html';
import type { RecentResults } from '../lib/recent-results';
import { PROJECT_ROOT } from '../project-root';
import { SESSION_COOKIES } from './auth';
import { loadPageRenderer, type PageData, type RenderedPage } from './page-renderer';
import { isStaffPage, registerStaffManifest, staffWorkerHeaders, withStaffAppHead } from './staff-app';
import { TAP_CAPTURE_TAG } from './tap-capture';

export const DEFAULT_WEB_DIR = join(PROJECT_ROOT, 'dist/web');

/** JSON inside <script type="application/json"> must not be able to close the element. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const safeDecode = (path: string) => {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
};

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .map((f) => `/${relative(dir, join(dir, f)).split(sep).join('/')}`);
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * `<link rel="modulepreload">` tags for a lazily loaded page: its chunk and the chunks it imports,
 * minus what the entry already loads. The browser then fetches them alongside the entry rather
 * than after it has run (one round trip less before the page can paint; Lighthouse LCP).
 */
export function pagePreloadTags(
  manifest: Record<string, ManifestChunk>,
  page: PageKey | 'notFound',
  priority: 'auto' | 'low' = 'auto',
  /** Modules the page imports on demand at once (the open admin tab's panel): preloaded with it. */
  alsoNeeded: string[] = [],
) {
  const source = page === 'notFound' ? undefined : LAZY_PAGE_MODULES[page];
  if (!source || !manifest[source]) return '';
  const loadedByEntry = new Set<string>();
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const next of manifest[key].imports ?? []) walk(next, into);
  };
  if (entryKey) walk(entryKey, loadedByEntry);
  const needed = new Set<string>();
  for (const module of [source, ...alsoNeeded]) walk(module, needed);
  const tags: string[] = [];
  for (const key of needed) {
    if (loadedByEntry.has(key)) continue;
    const chunk = manifest[key]!;
    const low = priority === 'low' ? ' fetchpriority="low"' : '';
    tags.push(`<link rel="modulepreload"${low} crossorigin href="/${escapeHtml(chunk.file)}">`);
    for (const css of chunk.css ?? [])
      tags.push(`<link rel="stylesheet" crossorigin href="/${escapeHtml(css)}">`);
  }
  return tags.join('');
}

const DATA_PRELOAD_SLOT = '<!--data-preload-->';
const CODE_PRELOAD_SLOT = '<!--code-preload-->';

/** The vehicle id of a /vehicle/:id path, or null. */
const vehicleIdOf = (pathname: string) => {
  const id = /^\/vehicle\/([1-9]\d{0,9})\/?$/.exec(pathname)?.[1];
  return id ? Number(id) : null;
};

/**
 * The Transactions tab's first reads for a search (`tab=transactions&tx-show=overdue`): the aging
 * summary and the list's first page, its URL as the app's client writes it (the choices in
 * contracts/transactions.ts's order, then the page size), so the browser reuses the answer.
 */
export function transactionsPreloads(search: string): string[] {
  const params = new URLSearchParams(search);
  const choices = transactionChoicesOf(
    Object.fromEntries(
      TRANSACTION_LIST_PARAMS.map((key) => [key, params.get(`${TRANSACTION_LIST_PREFIX}${key}`) ?? '']),
    ) as Parameters<typeof transactionChoicesOf>[0],
  );
  const query = new URLSearchParams(
    Object.entries({ ...choices, limit: PAGE_LIMIT.default }).map(([key, value]): [string, string] => [
      key,
      String(value),
    ]),
  );
  return ['/api/transactions/aging', `/api/transactions?${query}`];
}

/**
 * The API read a page starts with, preloaded from the HTML so it travels alongside the app's code
 * instead of after it has run (the vehicle page's title is its largest paint). The attributes
 * match the app's own fetch (credentials included), so the browser reuses the preloaded answer.
 */
export function pageDataPreload(
  page: PageKey | 'notFound',
  pathname: string,
  search = '',
  { adminSession = false }: { adminSession?: boolean } = {},
): string {
  const link = (href: string) =>
    `<link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin="use-credentials">`;
  // /admin asks whether its session is an admin's, then (an admin's) the stat cards and the tab
  // counts in one read (issue #47), and on the Complete tab the queue's first page (its paging is
  // the tab's state, not the URL's: always this read), on the Transactions tab its aging summary and
  // the first page of the list its URL holds (issue #47: its description waited for them). Those only with an admin's session cookie,
  // else the app never asks for them and the browser warns of an unused preload.
  if (page === 'admin') {
    if (!adminSession) return link('/api/admin/check');
    const tab = adminTabOf(search);
    return (
      link('/api/admin/check') +
      link('/api/admin/tab-counts') +
      (tab === 'complete' ? link(`/api/admin/vehicles?list=queue&limit=${PAGE_LIMIT.default}`) : '') +
      (tab === 'transactions' ? transactionsPreloads(search).map(link).join('') : '')
    );
  }
  // The inventory's other searches are not preloaded: the app asks for them with their own query.
  if (page === 'inventory' && search !== '') return '';
  const id = page === 'vehicle' ? vehicleIdOf(pathname) : null;
  const href = page === 'inventory' ? '/api/vehicles/search' : id ? `/api/vehicles/${id}` : null;
  return href ? link(href) : '';
}

/**
 * The vehicle page's largest paint is its gallery's first photo, which the app can only ask for
 * once its code and the vehicle have arrived. Preloaded from the HTML with the gallery's own
 * srcset and sizes (capped on phones, as the gallery's <picture> is), it downloads alongside the
 * code and the gallery finds it fetched. AVIF only: a browser without AVIF ignores the links and
 * picks WebP or JPEG from the <picture> as before.
 */
export function galleryPhotoPreload(photo: Photo): string {
  const link = (media: string, srcset: string) =>
    `<link rel="preload" as="image" type="image/avif" media="${escapeHtml(media)}" imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(GALLERY_FRAME_SIZES)}" fetchpriority="high">`;
  const phones = PHONE_PHOTO_CAP.media;
  return (
    link(phones, srcsetUpTo(photo.srcset.avif, PHONE_PHOTO_CAP.width)) +
    link(`not all and ${phones}`, photo.srcset.avif)
  );
}

/**
 * What a page's first paint waits for, named in the response's `Link` header: the entry's
 * stylesheet (render-blocking) and module, and a vehicle's first gallery photo. The browser asks
 * for them as the headers arrive; from the HTML they were asked for only once the parser had been
 * through the document, a server-rendered page whose markup and state take a long task to parse on
 * a slow phone (docs/benchmarks.md, the light pages). The HTML names them too, as before.
 */
export function firstPaintLinks(manifest: Record<string, ManifestChunk>, photo?: Photo): string {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const links = entry
    ? [
        ...(entry.css ?? []).map((css) => `</${css}>; rel=preload; as=style; crossorigin`),
        `</${entry.file}>; rel=modulepreload; crossorigin`,
      ]
    : [];
  if (photo) {
    const phones = PHONE_PHOTO_CAP.media;
    const link = (media: string, srcset: string) =>
      `<${srcset.split(' ')[0]}>; rel=preload; as=image; type="image/avif"; media="${media}"; imagesrcset="${srcset}"; imagesizes="${GALLERY_FRAME_SIZES}"; fetchpriority=high`;
    links.push(
      link(phones, srcsetUpTo(photo.srcset.avif, PHONE_PHOTO_CAP.width)),
      link(`not all and ${phones}`, photo.srcset.avif),
    );
  }
  return links.join(', ');
}

/** More query parameters than any page reads: such a URL is served the shell, not rendered. */
const MAX_SEARCH_PARAMS = 16;

/**
 * The search with only the parameters that change what the page shows (one removed at a time: a
 * parameter whose removal leaves the page data unchanged is dropped, as are repeats), sorted; null
 * when the search has too many parameters to check.
 */
export function canonicalSearch(search: string, pageDataOf: (search: string) => string): string | null {
  const params = [...new URLSearchParams(search)];
  if (params.length > MAX_SEARCH_PARAMS) return null;
  const full = pageDataOf(search);
  let kept = params;
  for (const param of params) {
    const without = kept.filter((p) => p !== param);
    if (pageDataOf(new URLSearchParams(without).toString()) === full) kept = without;
  }
  return new URLSearchParams(kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();
}

/** How many admin frames are kept rendered (one per tab and admin): a few admins, thirteen tabs. */
const ADMIN_FRAMES_KEPT = 200;

/** The app shell's #root replaced by `markup` (and what follows it), before the body's end. */
function withRoot(html: string, markup: string, after = ''): string {
  // The shell is the last element of the body (index.html); a function, so `$` in the page stays as it is.
  return html.replace(
    /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/,
    (_, end: string) => `<div id="root">${markup}</div>${after}${end}`,
  );
}

/** The app shell's #root replaced by the rendered page, and the state it was rendered from after it. */
function withServerRendering(html: string, rendered: RenderedPage, codePreloads: string): string {
  const stateTag = `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${safeJson(rendered.state)}</script>`;
  const titled = rendered.title
    ? html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(rendered.title!)}</title>`)
    : html;
  return withRoot(titled, rendered.html, `${stateTag}${codePreloads}`);
}

function readManifest(webDir: string): Record<string, ManifestChunk> {
  try {
    return JSON.parse(readFileSync(join(webDir, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return {};
  }
}

/** The pages with live updates (their `useLiveUpdates`), by the session their stream is opened with. */
const LIVE_PAGES: Partial<Record<PageKey, SessionRole>> = {
  admin: 'admin',
  recon: 'staff',
  dealerDashboard: 'dealer',
};

/**
 * Serves the built React app: hashed assets with a one-year immutable cache, other files of the
 * build, and index.html for every page path (200 for the spec's routes, 404 otherwise, so crawlers
 * see real not-found pages) with the brand configuration and the page's title embedded.
 */
export interface WebAppOptions {
  webDir: string;
  brand: Brand;
  /** A published vehicle's first gallery photo (from the list cache), preloaded with its page. */
  galleryFirstPhoto?: (vehicleId: number) => Promise<Photo | undefined>;
  /**
   * Where a live page's first stream starts (find-live-events.ts `findLiveSince`), named in its
   * HTML (ADR 0008); without it, or null, the page reads its live data again once its stream opens.
   */
  liveSince?: () => Promise<string | null>;
  /**
   * What server-rendered pages are rendered from (ADR 0016); without it, or without the renderer
   * in `ssrDir`, every page is the app shell and the app renders it in the browser.
   */
  pageData?: {
    /** The first page of an inventory search (throws for a search the API would refuse). */
    inventoryFirstPage(search: Extract<PageData, { page: 'inventory' }>['search']): Promise<unknown>;
    /** A published vehicle's page data (its public detail and its guarantee in force), or undefined. */
    publishedVehicle(id: number): Promise<unknown>;
    /** Rendered pages, dropped whenever the published list changes. */
    rendered: RecentResults<RenderedPage | null>;
  };
  /** The server renderer's build (dist/ssr, beside the web build by default). */
  ssrDir?: string;
}

export async function registerWebApp(app: FastifyInstance, options: WebAppOptions) {
  const indexPath = join(options.webDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ webDir: options.webDir }, 'web app not built; run `npm run build` to serve the UI');
    app.get('/*', { config: { access: 'public' } }, async (request) => {
      if (request.url.startsWith('/api/')) throw notFound(`No route for GET ${request.url.split('?')[0]}`);
      throw notFound('The web app is not built. Run `npm run build`.');
    });
    return;
  }

  const template = readFileSync(indexPath, 'utf8');
  const renderer = options.pageData
    ? await loadPageRenderer(options.ssrDir ?? join(options.webDir, '..', 'ssr'), options.brand)
    : null;
  /**
   * The page's first HTML from the server renderer, when it renders this page and its data is
   * there; otherwise (or if anything fails: the shell still serves) null.
   */
  const serverRendered = async (pathname: string, search: string): Promise<RenderedPage | null> => {
    const pageData = options.pageData;
    const needed = renderer?.pageDataFor(pathname, search);
    if (!renderer || !pageData || !needed) return null;
    // Keyed and rendered on the parameters the page reads, so `?x=<random>` neither renders anew
    // nor lands in a page another request is served (review finding, issue 28).
    const canonical = canonicalSearch(search, (s) => JSON.stringify(renderer.pageDataFor(pathname, s)));
    if (canonical === null) return null;
    try {
      return await pageData.rendered.get(`${pathname}?${canonical}`, async () => {
        const data =
          needed.page === 'inventory'
            ? await pageData.inventoryFirstPage(needed.search)
            : await pageData.publishedVehicle(Number(needed.id));
        return data === undefined ? null : renderer.renderPage(pathname, canonical, needed, data);
      });
    } catch (error) {
      app.log.warn({ err: error, pathname }, 'server rendering failed; serving the app shell');
      return null;
    }
  };
  /**
   * /admin for a signed-in admin: the page's frame rendered by the server (on the Complete tab its
   * heading, description and loading rows), painted with the HTML rather than once the app's code
   * has run; the app renders the page over it (issue #47, ADR 0051). Only for a session the server
   * finds to be an admin's — the frame shows the admin's e-mail — and null otherwise or if
   * rendering fails.
   */
  const frames = new Map<string, { html: string; email: string }>();
  const adminFrame = async (
    request: FastifyRequest,
    search: string,
  ): Promise<{ html: string; email: string } | null> => {
    if (!renderer?.renderAdminFrame) return null;
    try {
      const admin = (await request.viewer()).admin;
      if (!admin) return null;
      const tab = new URLSearchParams({ tab: adminTabOf(search) }).toString();
      const key = `${tab} ${admin.email}`;
      let frame = frames.get(key);
      if (frame === undefined) {
        frame = { html: await renderer.renderAdminFrame(tab, admin.email), email: admin.email };
        if (frames.size >= ADMIN_FRAMES_KEPT) frames.clear();
        frames.set(key, frame);
      }
      return frame;
    } catch (error) {
      app.log.warn({ err: error }, 'admin frame rendering failed; serving the app shell');
      return null;
    }
  };
  /**
   * A live page's `live-since` for a session of the role its stream needs (the snapshot names the
   * database's transactions: not told to a visitor); null otherwise, or if the database fails (the
   * page then reads again once its stream opens, as without it).
   */
  const liveSinceOf = async (request: FastifyRequest, key: PageKey | 'notFound') => {
    const role = key === 'notFound' ? undefined : LIVE_PAGES[key];
    if (!role || !options.liveSince || !request.cookies[SESSION_COOKIES[role]]) return null;
    try {
      return (await request.viewer())[role] ? await options.liveSince() : null;
    } catch (error) {
      app.log.warn({ err: error }, 'live-since failed; the page reads again once its stream opens');
      return null;
    }
  };
  const manifest = readManifest(options.webDir);
  // The build's own bookkeeping (.vite/manifest.json) is not served, nor are the compressed copies
  // of its files by their own names (they are sent for the file's name, see preCompressed below).
  const files = new Set(
    listFiles(options.webDir).filter(
      (f) => f !== '/index.html' && !f.startsWith('/.') && !f.endsWith('.br') && !f.endsWith('.gz'),
    ),
  );
  const brandTag = `<script type="application/json" id="${BRAND_ELEMENT_ID}">${safeJson(options.brand)}</script>`;
  const renderPage = (pathname: string) => {
    const page = matchPage(pathname);
    const meta = pageMeta(page, options.brand.productName);
    let html = template
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
      // First in the head, before the stylesheet (which would hold an inline script back): taps are
      // held from the first paint on (ADR 0020).
      .replace(/<meta charset="[^"]*"\s*\/?>/i, (tag) => `${tag}${TAP_CAPTURE_TAG}`)
      .replaceAll('%BRAND_NAME%', escapeHtml(options.brand.productName))
      .replace(/(<meta name="description" content=")[^"]*(")/, `$1${escapeHtml(meta.description)}$2`)
      .replace('</head>', `${DATA_PRELOAD_SLOT}${CODE_PRELOAD_SLOT}${brandTag}</head>`);
    // The staff pages are the installable staff app (docs/design.md §17): its manifest, not the site's.
    if (isStaffPage(page)) html = withStaffAppHead(html);
    return {
      status: page === 'notFound' ? 404 : 200,
      html,
      codePreloads: pagePreloadTags(manifest, page),
      // Behind a rendered page, the code must not compete with the page's largest picture.
      lateCodePreloads: pagePreloadTags(manifest, page, 'low'),
    };
  };
  // Pages are rendered once per path kind, not per request.
  const pageCache = new Map<string, ReturnType<typeof renderPage>>();
  // /admin opens the tab its URL names, whose panel is a chunk of its own: preloaded with the page,
  // it arrives with the page's code instead of after it has run (issue #47).
  const adminPreloads = new Map(
    ADMIN_TABS.map((tab) => [tab, pagePreloadTags(manifest, 'admin', 'auto', [ADMIN_TAB_MODULES[tab]])]),
  );

  // Cache headers are set per file kind below, so the plugin's own are off. The build writes a
  // brotli and a gzip copy of each text file (vite.config.ts): sent as they are to browsers that
  // accept them (with Vary: Accept-Encoding), so @fastify/compress leaves them alone.
  await app.register(fastifyStatic, {
    root: options.webDir,
    serve: false,
    decorateReply: true,
    cacheControl: false,
    preCompressed: true,
  });

  registerStaffManifest(app, options.brand.productName);

  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const pathname = safeDecode(request.url.split('?')[0] ?? '/');
    if (pathname.startsWith('/api/') || pathname === '/api') {
      throw notFound(`No route for GET ${pathname.slice(0, 200)}`);
    }
    if (files.has(pathname)) {
      const immutable = pathname.startsWith('/assets/');
      return reply
        .headers(
          staffWorkerHeaders(pathname) ?? {
            'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          },
        )
        .sendFile(pathname.slice(1));
    }
    const key = matchPage(pathname);
    let page = pageCache.get(key);
    if (!page) {
      page = renderPage(pathname);
      pageCache.set(key, page);
    }
    const search = request.url.split('?')[1] ?? '';
    const vehicleId = key === 'vehicle' ? vehicleIdOf(pathname) : null;
    // The page is served even when the lookup fails (the database down): only the preload is lost.
    const [photo, rendered] = await Promise.all([
      vehicleId ? options.galleryFirstPhoto?.(vehicleId).catch(() => undefined) : undefined,
      serverRendered(pathname, search),
    ]);
    const adminSession = key === 'admin' && !!request.cookies[SESSION_COOKIES.admin];
    const preloads = `${rendered ? '' : pageDataPreload(key, pathname, search, { adminSession })}${photo ? galleryPhotoPreload(photo) : ''}`;
    // A server-rendered page paints without its code: the page's chunks are preloaded after the
    // page, behind its largest image, at low priority (33 chunks at high priority held the vehicle
    // page's first photo back: LCP 2.3 → 3.3 s under Lighthouse's slow 4G). Named in the HTML, they are fetched by the browser's parser;
    // left to the entry, its preload helper would add one <link> per chunk from script, ~15 ms of
    // main thread each on a slow phone, in the task that hydrates.
    let html = page.html
      .replace(DATA_PRELOAD_SLOT, preloads)
      .replace(
        CODE_PRELOAD_SLOT,
        rendered ? '' : key === 'admin' ? adminPreloads.get(adminTabOf(search))! : page.codePreloads,
      );
    if (rendered) html = withServerRendering(html, rendered, page.lateCodePreloads);
    const frame = adminSession ? await adminFrame(request, search) : null;
    if (frame !== null)
      html = withRoot(
        html,
        frame.html,
        `<script type="application/json" id="${ADMIN_FRAME_ELEMENT_ID}">${safeJson({ email: frame.email })}</script>`,
      );
    const since = await liveSinceOf(request, key);
    if (since)
      html = html.replace(
        '</head>',
        `<meta name="${LIVE_SINCE_META_NAME}" content="${escapeHtml(since)}"></head>`,
      );
    const links = firstPaintLinks(manifest, photo);
    if (links) reply.header('link', links);
    return (
      reply
        .code(page.status)
        // The admin's frame names the admin: kept by no shared cache.
        .header('cache-control', frame === null ? 'no-cache' : 'private, no-cache')
        .type('text/html; charset=utf-8')
        .send(html)
    );
  });
}
