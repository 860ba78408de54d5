/**
 * bench:weight — the JavaScript each server-rendered public page names in its HTML (issue #46): the
 * `<script src>` and `<link rel="modulepreload">` of /, /inventory and a /vehicle/:id, read from the
 * built server (`npm run build` first; no browser, no timing, so the figures are the same on a busy
 * machine). Per page: the files, their bytes raw, gzip (level 9) and brotli (the build's own .br
 * copies, what browsers are sent), and the chunks largest first. A chunk the HTML names but whose
 * static imports it does not name is reported too (the browser would fetch those late).
 * BENCH_WEIGHT_CHUNKS=0 prints the totals only.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { vehicles } from '../server/src/db/schema';
import { DEFAULT_WEB_DIR } from '../server/src/plugins/web-app';
import { benchDatabase, line, startBenchServer } from './support';
import { benchVehicles } from './vehicles-fixture';

const webDir = DEFAULT_WEB_DIR;
if (!existsSync(join(webDir, '.vite', 'manifest.json'))) {
  console.error('bench:weight reads the build: run `npm run build` first');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(join(webDir, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  { file: string; imports?: string[] }
>;
const importsOf = new Map(
  Object.values(manifest).map((c) => [c.file, (c.imports ?? []).map((k) => manifest[k]!.file)]),
);

/** The JS files a page's HTML names: module scripts and modulepreloads, in document order. */
export function scriptsNamedBy(html: string): string[] {
  const files = new Set<string>();
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="\/([^"]+\.js)"/.exec(tag)?.[1];
    if ((isModuleScript || isPreload) && url) files.add(url);
  }
  return [...files];
}

const { handle, dataDir, env } = await benchDatabase();
await handle.db.delete(vehicles);
// i = 0 of the fixture: a car with a video (the page's video dialog is on it).
const [car] = await handle.db.insert(vehicles).values(benchVehicles(0, 24)).returning({ id: vehicles.id });
await handle.close();
const server = await startBenchServer(env);
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const results: Record<string, { files: number; raw: number; gzip: number; brotli: number }> = {};
try {
  for (const path of ['/', '/inventory', `/vehicle/${car!.id}`]) {
    const response = await fetch(`${server.url}${path}`);
    const html = await response.text();
    const named = scriptsNamedBy(html);
    const sizes = named.map((file) => {
      const source = readFileSync(join(webDir, file));
      const br = join(webDir, `${file}.br`);
      return {
        file,
        raw: source.length,
        gzip: gzipSync(source, { level: 9 }).length,
        brotli: existsSync(br) ? readFileSync(br).length : source.length,
      };
    });
    const sum = (k: 'raw' | 'gzip' | 'brotli') => sizes.reduce((total, s) => total + s[k], 0);
    const page = path.replace(/\/\d+$/, '/:id');
    results[page] = { files: named.length, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
    line(
      `${page} (${response.status}, ${named.length} files)`,
      `raw ${kb(sum('raw'))} kB · gzip ${kb(sum('gzip'))} kB · brotli ${kb(sum('brotli'))} kB`,
    );
    const unnamed = [...new Set(named.flatMap((f) => importsOf.get(f) ?? []))].filter(
      (f) => !named.includes(f),
    );
    if (unnamed.length) line(`  imported but not named`, unnamed.join(', '));
    if (process.env.BENCH_WEIGHT_CHUNKS !== '0')
      for (const s of [...sizes].sort((a, b) => b.raw - a.raw))
        line(`  ${s.file}`, `raw ${kb(s.raw)} · gzip ${kb(s.gzip)} · brotli ${kb(s.brotli)}`);
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify(results));
