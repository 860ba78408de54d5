import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import sharp from 'sharp';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { STAFF_ICONS, STAFF_MANIFEST_PATH, STAFF_SHELL_URL, STAFF_SW_PATH } from './contracts/staff-app';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside each text file of the build, which
 * the server sends as they are (@fastify/static preCompressed): ~15 % fewer bytes of JavaScript than
 * compressing on the fly at the fast quality a request can afford, and no compression per request.
 */
function precompress(): Plugin {
  const TEXT = /\.(?:js|css|svg|json|webmanifest|txt)$/;
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? '';
      await Promise.all(
        Object.entries(bundle)
          .filter(([file]) => TEXT.test(file) && !file.startsWith('.vite/'))
          .map(async ([file, output]) => {
            const source = Buffer.from(output.type === 'chunk' ? output.code : output.source);
            if (source.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotliAsync(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzipAsync(source, { level: 9 }),
            ]);
            await Promise.all([
              writeFile(join(outDir, `${file}.br`), br),
              writeFile(join(outDir, `${file}.gz`), gz),
            ]);
          }),
      );
    },
  };
}

/**
 * Writes which source modules each chunk holds (dist/web/.vite/chunk-modules.json), so the bundle
 * budget test can prove that admin, upload and dealer-portal code stays out of the public chunks.
 */
function chunkModules(): Plugin {
  return {
    name: 'chunk-modules',
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') {
          map[file] = Object.keys(output.modules)
            .filter((id) => !id.includes('node_modules'))
            .map((id) => id.replace(`${root}/`, ''));
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(map, null, 2),
      });
    },
  };
}

const root = import.meta.dirname;

/** The staff pages (contracts/staff-app.ts): their chunks and what they load are the app kept offline. */
const STAFF_PAGE_MODULES = [
  'web/src/features/upload/upload-page.tsx',
  'web/src/features/upload/recon/recon-page.tsx',
  'web/src/features/upload/my-uploads/my-uploads-page.tsx',
];
/**
 * What the app around every page loads on its own (app/app.tsx), which the staff app needs offline:
 * the toast area's code. Not precached, a wizard opened without signal asked for it at its first
 * toast (or once idle) and the failed load took the whole page down.
 */
const STAFF_SHELL_PARTS = ['web/src/components/ui/toaster.tsx'];

/** One entry of the service worker's precache list (Workbox's shape): a null revision for hashed files. */
interface PrecacheEntry {
  url: string;
  revision: string | null;
}

const contentHash = (bytes: string | Uint8Array) =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/**
 * The files the staff app needs to open offline: the entry chunk and its static imports (the shell
 * every page boots from), each staff page's chunk with everything it imports, statically or on
 * demand, their CSS and assets. Not the other pages' chunks (admin, dealer, inventory, vehicle,
 * team): the router imports those on demand only, and the walk never follows the entry's dynamic
 * imports.
 */
function staffAppFiles(bundle: Rollup.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const files = new Set<string>();
  const walk = (chunk: Rollup.OutputChunk, followDynamic: boolean) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
    const next = followDynamic ? [...chunk.imports, ...chunk.dynamicImports] : chunk.imports;
    for (const file of next) {
      const child = byFile.get(file);
      if (child) walk(child, followDynamic);
    }
  };
  const staffModules = [...STAFF_PAGE_MODULES, ...STAFF_SHELL_PARTS];
  const staffPages = chunks.filter((c) => staffModules.some((m) => c.facadeModuleId === `${root}/${m}`));
  if (staffPages.length !== staffModules.length)
    throw new Error(`staff app: expected a chunk for each of ${staffModules.join(', ')}`);
  for (const entry of chunks.filter((c) => c.isEntry)) walk(entry, false);
  for (const page of staffPages) walk(page, true);
  return [...files].sort();
}

/** The two public pages the server renders (ADR 0016), whose chunks are grouped (publicPageChunks). */
const PUBLIC_PAGES = {
  inventory: `${root}/web/src/features/inventory/inventory-page.tsx`,
  vehicle: `${root}/web/src/features/vehicle/vehicle-page.tsx`,
};
const RADIX_BARREL = '/node_modules/radix-ui/';
type ModuleGraph = {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
};

/**
 * The code the inventory and a vehicle's page import statically, outside the entry, in a few chunks
 * instead of ~30 (ADR 0050): what both pages import (`public-pages`), what only the vehicle page
 * imports (`vehicle-parts`); the inventory's own modules are left to Rolldown (see below). Left to Rolldown's own splitting, each module went to a chunk of the pages
 * that share it — 33 files on a vehicle page, most under 2 kB, each a request the phone's first
 * paint waited on. The entry's modules stay in the entry (`/` loads no more), and what a page loads
 * on demand (dialogs, the lightbox) stays apart. A private page that imports one of these modules
 * loads that chunk (on demand, behind its sign-in).
 */
function publicPageChunks() {
  let graph: {
    entry: Set<string>;
    everyPage: Set<string>;
    inventory: Set<string>;
    vehicle: Set<string>;
  } | null = null;
  const icons = lucideIcons();
  const closure = (ctx: ModuleGraph, from: readonly string[]) => {
    const seen = new Set<string>();
    const walk = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      const imported = ctx.getModuleInfo(id)?.importedIds ?? [];
      // Through lucide's barrel a page would reach every icon: it reaches those it names.
      if (!id.includes('/node_modules/') && imported.includes(icons.barrel))
        for (const icon of icons.namedIn(id)) walk(icon);
      // Radix's barrel names every primitive, the dialogs behind a lazy import included: not walked
      // (what a page takes from it is left to Rolldown's own splitting).
      for (const next of imported) if (next !== icons.barrel && !next.includes(RADIX_BARREL)) walk(next);
    };
    for (const id of from) walk(id);
    return seen;
  };
  const build = (ctx: ModuleGraph) => {
    const entry = closure(ctx, [`${root}/web/src/main.tsx`]);
    // What every page loads once idle (the toasts' code, app/app.tsx): left out of the groups, or
    // `/` would load them with it. (The purchase confirmation, after a purchase, may load them.)
    const onIdle = ctx.getModuleInfo(`${root}/web/src/app/app.tsx`)?.dynamicallyImportedIds ?? [];
    return {
      entry,
      everyPage: closure(ctx, onIdle),
      inventory: closure(ctx, [PUBLIC_PAGES.inventory]),
      vehicle: closure(ctx, [PUBLIC_PAGES.vehicle]),
    };
  };
  return (id: string, ctx: ModuleGraph): string | null => {
    graph ??= build(ctx);
    if (graph.entry.has(id) || graph.everyPage.has(id)) return null;
    const isIcon = id.startsWith(icons.dir);
    // The page's module keeps a chunk of its own, the one the router and the server's preloads name.
    if (id === PUBLIC_PAGES.inventory || id === PUBLIC_PAGES.vehicle) return null;
    const inInventory = graph.inventory.has(id);
    const inVehicle = graph.vehicle.has(id);
    // An icon either page draws joins the shared chunk: a dialog that draws it too then loads
    // nothing the page has not.
    if ((inInventory && inVehicle) || (isIcon && (inInventory || inVehicle))) return 'public-pages';
    // The inventory's own modules are left to Rolldown: grouped, they took along the package code
    // only the inventory uses (TanStack's infinite query, which Rolldown puts in the page's chunk),
    // so the admin's and the dealer's pages, which import some of them, loaded the inventory page.
    // The vehicle page's own modules apart from the shared ones it alone of the two imports (the
    // photo viewer, the sale terms, the watch mark): those are reached on demand from other
    // chunks too (the staff app's lightbox), which would otherwise load the vehicle page's parts.
    if (inVehicle && !inInventory)
      return id.startsWith(`${root}/web/src/features/vehicle/`) ? 'vehicle-parts' : 'vehicle-shared-parts';
    return null;
  };
}

/**
 * lucide-react's barrel and the icons a source file imports from it (`import { Truck } from
 * 'lucide-react'` → `.../icons/truck.mjs`), read from the barrel's re-exports.
 */
function lucideIcons() {
  const esm = realpathSync(`${root}/node_modules/lucide-react/dist/esm`);
  const barrel = `${esm}/lucide-react.mjs`;
  const fileOf = new Map<string, string>();
  for (const [, names, file] of readFileSync(barrel, 'utf8').matchAll(
    /export \{([^}]*)\} from '\.\/(icons\/[^']+)'/g,
  ))
    for (const name of names!.split(','))
      fileOf.set(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
        `${esm}/${file}`,
      );
  return {
    barrel,
    dir: `${esm}/icons/`,
    namedIn(id: string): string[] {
      const source = readFileSync(id.split('?')[0]!, 'utf8');
      const named = [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g)].flatMap(
        ([, list]) =>
          list!.split(',').map((n) =>
            n
              .trim()
              .split(/\s+as\s+/)[0]!
              .replace(/^type\s+/, ''),
          ),
      );
      return named.flatMap((name) => fileOf.get(name) ?? []);
    },
  };
}

/** The site's logo (web/public/favicon.svg) as a full-bleed square with the car in the safe zone. */
const maskableLogo = (logo: string) =>
  logo
    .replace(/<rect [^>]*\/>/, '<rect width="32" height="32" fill="#0f172a"/>')
    .replace(/(<path [^>]*\/>)/, '<g transform="translate(6.4 6.4) scale(0.6)">$1</g>');

/**
 * The installable staff app (docs/design.md §17, ADR 0029): draws its icons from the logo, then builds
 * its service worker (web/src/sw/staff-sw.ts, bundled with esbuild, Workbox's precaching and
 * routing inside) with the list of the staff app's files injected as self.__WB_MANIFEST, and writes
 * that list to .vite/staff-precache.json for the tests.
 */
function staffApp(): Plugin {
  let icons: { fileName: string; source: Uint8Array }[] = [];
  return {
    name: 'staff-app',
    apply: 'build',
    async generateBundle() {
      const logo = await readFile(`${root}/web/public/favicon.svg`, 'utf8');
      icons = await Promise.all(
        STAFF_ICONS.map(async (icon) => {
          const size = Number(icon.sizes.split('x')[0]);
          const svg = icon.purpose === 'maskable' ? maskableLogo(logo) : logo;
          const source = await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
            .resize(size, size)
            .png({ compressionLevel: 9 })
            .toBuffer();
          return { fileName: icon.src.slice(1), source: new Uint8Array(source) };
        }),
      );
      for (const icon of icons) this.emitFile({ type: 'asset', ...icon });
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? '';
      const html = await readFile(join(outDir, 'index.html'), 'utf8');
      const favicon = await readFile(`${root}/web/public/favicon.svg`);
      const entries: PrecacheEntry[] = [
        ...staffAppFiles(bundle).map((file) => ({ url: `/${file}`, revision: null })),
        ...icons.map((icon) => ({ url: `/${icon.fileName}`, revision: contentHash(icon.source) })),
        { url: '/favicon.svg', revision: contentHash(favicon) },
        // Served by the server with the configured product name; a new build refreshes it.
        { url: STAFF_MANIFEST_PATH, revision: contentHash(html) },
        // The page the app boots from offline: the server's /upload, whose HTML names this build's files.
        { url: STAFF_SHELL_URL, revision: contentHash(html) },
      ];
      await esbuild({
        entryPoints: [`${root}/web/src/sw/staff-sw.ts`],
        outfile: join(outDir, STAFF_SW_PATH.slice(1)),
        tsconfig: `${root}/web/src/sw/tsconfig.json`,
        bundle: true,
        format: 'iife',
        target: 'es2022',
        minify: true,
        legalComments: 'none',
        define: {
          'self.__WB_MANIFEST': JSON.stringify(entries),
          // Workbox's development logging is left out.
          'process.env.NODE_ENV': '"production"',
        },
        logLevel: 'warning',
      });
      await writeFile(join(outDir, '.vite', 'staff-precache.json'), JSON.stringify(entries, null, 2));
    },
  };
}

/**
 * Chunks (named after their module) whose lazy imports add no `<link rel="modulepreload">` per
 * chunk they need (Vite's preload helper) and leave the browser to fetch those as it reads the
 * imports. The admin's Complete tab
 * loads its queue cards' chunks once the page has painted, and a card's form (with the contracts'
 * schemas, ~50 chunks) as it nears the screen: adding their links was one 0.2 s task on a slow
 * phone (4× CPU), in the middle of /admin's first seconds (issue #47).
 */
// web/src/features/admin/components/complete/{complete-tab,queue-item,required-shots-panel}.tsx,
// components/common/{schema-steps.ts,edit-condition-button.tsx}
const WITHOUT_PRELOAD_LINKS = [
  'complete-tab',
  'queue-item',
  'required-shots-panel',
  'schema-steps',
  'edit-condition-button',
];

/**
 * The browser build (dist/web), and with `--ssr` the server's renderer of the inventory page's first
 * HTML (dist/ssr/entry-server.js, ADR 0016): the same components, packages left in node_modules —
 * except lucide-react, whose package entry loads every icon (~0.3 s of each server start); bundled,
 * the renderer carries only the icons the pages use.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: `${root}/web`,
  publicDir: isSsrBuild ? false : `${root}/web/public`,
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [chunkModules(), staffApp(), precompress()])],
  resolve: {
    alias: {
      '@contracts': `${root}/contracts`,
      '@': `${root}/web/src`,
    },
  },
  build: {
    outDir: isSsrBuild ? `${root}/dist/ssr` : `${root}/dist/web`,
    emptyOutDir: true,
    manifest: !isSsrBuild,
    sourcemap: false,
    modulePreload: {
      // hostId: the chunk holding the import (assets/complete-tab-<hash>.js).
      resolveDependencies: (_file: string, deps: string[], { hostId }: { hostId: string }) =>
        WITHOUT_PRELOAD_LINKS.some((chunk) => hostId.startsWith(`assets/${chunk}-`)) ? [] : deps,
    },
    target: isSsrBuild ? 'node20' : 'es2022',
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [{ name: publicPageChunks(), includeDependenciesRecursively: false }],
            },
          },
        },
  },
  ssr: { noExternal: ['lucide-react'] },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/healthz': 'http://127.0.0.1:3000' },
  },
}));
