import { createHash } from 'node:crypto';
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
  const staffPages = chunks.filter((c) =>
    STAFF_PAGE_MODULES.some((m) => c.facadeModuleId === `${root}/${m}`),
  );
  if (staffPages.length !== STAFF_PAGE_MODULES.length)
    throw new Error(`staff app: expected a chunk for each of ${STAFF_PAGE_MODULES.join(', ')}`);
  for (const entry of chunks.filter((c) => c.isEntry)) walk(entry, false);
  for (const page of staffPages) walk(page, true);
  return [...files].sort();
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
    target: isSsrBuild ? 'node20' : 'es2022',
  },
  ssr: { noExternal: ['lucide-react'] },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/healthz': 'http://127.0.0.1:3000' },
  },
}));
