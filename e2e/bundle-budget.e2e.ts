import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { ADMIN_TABS } from '@contracts/admin';
import { ADMIN_TAB_MODULES } from '@contracts/routes';
import { describe, expect, it } from 'vitest';

/**
 * Deterministic budgets on the built app (issue #9): the JavaScript a page loads before any
 * interaction, gzipped, and route-level code splitting of the private areas.
 */
const DIST = new URL('../dist/web/', import.meta.url);
type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', DIST), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const chunkModules = JSON.parse(readFileSync(new URL('.vite/chunk-modules.json', DIST), 'utf8')) as Record<
  string,
  string[]
>;

/** A chunk and everything it imports statically (what the browser loads before running it). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) closure(child, seen);
  return seen;
}
const files = (keys: Set<string>) => [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
const gzipKb = (list: string[]) =>
  list.reduce((sum, file) => sum + gzipSync(readFileSync(new URL(file, DIST)), { level: 9 }).length, 0) /
  1000;
const pageKey = (feature: string) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(`src/features/${feature}`));
  if (!key) throw new Error(`no chunk for ${feature}: is it still lazily loaded?`);
  return key;
};

const entry = closure('index.html');
const inventory = closure(pageKey('inventory/inventory-page.tsx'), new Set(entry));
const vehicle = closure(pageKey('vehicle/vehicle-page.tsx'), new Set(entry));

describe('bundle budgets', () => {
  it('loads at most 110 kB of gzipped JavaScript for the landing page', () => {
    const kb = gzipKb(files(entry));
    console.log(`/ loads ${kb.toFixed(1)} kB gzipped JS (${files(entry).join(', ')})`);
    expect(kb).toBeLessThanOrEqual(110);
  });

  it('loads at most 150 kB of gzipped JavaScript for /inventory', () => {
    const kb = gzipKb(files(inventory));
    console.log(`/inventory loads ${kb.toFixed(1)} kB gzipped JS`);
    expect(kb).toBeLessThanOrEqual(150);
  });

  it("keeps zod and the dialogs' code out of the inventory's and a vehicle page's chunks (issue #46)", () => {
    const modulesOf = (keys: Set<string>) => [...keys].flatMap((k) => chunkModules[manifest[k]!.file] ?? []);
    for (const [page, keys] of [
      ['inventory', inventory],
      ['vehicle', vehicle],
    ] as const) {
      const modules = modulesOf(keys);
      // The vehicle page prints the guarantee's lines (contracts/guarantee.ts), without its schemas.
      if (page === 'vehicle') expect(modules, page).toContain('contracts/guarantee.ts');
      expect(
        modules.filter((m) =>
          /contracts\/(zod|guarantee-schema)\.ts|ui\/modal-dialog|photo-lightbox/.test(m),
        ),
        page,
      ).toEqual([]);
    }
  });

  it('names at most 9 JavaScript files on the inventory and 8 on a vehicle page, and no more on / (issue #46, ADR 0050)', () => {
    // Each file is a request the phone's first paint waited on: 36 on a vehicle page before the
    // public pages' code was grouped (vite.config.ts, publicPageChunks).
    expect(files(entry).length).toBeLessThanOrEqual(3);
    expect(files(inventory).length).toBeLessThanOrEqual(9);
    expect(files(vehicle).length).toBeLessThanOrEqual(8);
  });

  it('keeps admin, upload and dealer-portal code out of the public chunks', () => {
    const publicChunks = new Set([...entry, ...inventory, ...vehicle].map((k) => manifest[k]!.file));
    const offending = [...publicChunks].flatMap((file) =>
      (chunkModules[file] ?? [])
        .filter((m) => /web\/src\/features\/(admin|upload|dealer)\//.test(m))
        .map((m) => `${file}: ${m}`),
    );
    expect(offending).toEqual([]);
    // And each private area is its own lazily loaded chunk.
    for (const page of [
      'admin/admin-page.tsx',
      'upload/upload-page.tsx',
      'dealer/dealer-dashboard-page.tsx',
    ]) {
      expect(manifest['index.html']!.dynamicImports ?? [], page).toContain(pageKey(page));
    }
  });

  it("loads the open admin tab's code alone at /admin's first paint, each tab a chunk of its own (issue #47)", () => {
    const modulesOf = (keys: Set<string>) => [...keys].flatMap((k) => chunkModules[manifest[k]!.file] ?? []);
    const admin = pageKey('admin/admin-page.tsx');
    // Each tab's panel is loaded by the page on demand, and the table the server preloads from names them.
    expect(new Set(manifest[admin]!.dynamicImports ?? [])).toEqual(new Set(Object.values(ADMIN_TAB_MODULES)));
    const shell = closure(admin, new Set(entry));
    const panels = Object.values(ADMIN_TAB_MODULES).map((m) => `web/${m}`);
    expect(modulesOf(shell).filter((m) => panels.includes(m))).toEqual([]);
    // Nor do the tab counts beside the tabs' names bring zod along.
    expect(modulesOf(shell).filter((m) => /contracts\/zod\.ts/.test(m))).toEqual([]);
    for (const tab of ADMIN_TABS) {
      const open = closure(ADMIN_TAB_MODULES[tab], new Set(shell));
      const others = panels.filter((m) => m !== `web/${ADMIN_TAB_MODULES[tab]}`);
      expect(
        modulesOf(open).filter((m) => others.includes(m)),
        tab,
      ).toEqual([]);
      console.log(
        `/admin?tab=${tab} loads ${files(open).length} scripts, ${gzipKb(files(open)).toFixed(1)} kB gzipped`,
      );
    }
  });

  it("paints /admin's first tab (Complete Vehicle Listing) without zod, the queue's forms or the vehicle page's parts (issue #47)", () => {
    const modulesOf = (keys: Set<string>) => [...keys].flatMap((k) => chunkModules[manifest[k]!.file] ?? []);
    const shell = closure(pageKey('admin/admin-page.tsx'), new Set(entry));
    // The tabs' counts come from one read (GET /api/admin/tab-counts), not from the transport,
    // floor-plan and work-order boards' modules (the delivery texts came with them).
    expect(
      modulesOf(shell).filter((m) =>
        /contracts\/delivery(-texts)?\.ts|api\/get-(transport|floor-plan|work-orders)/.test(m),
      ),
    ).toEqual([]);
    const complete = closure(ADMIN_TAB_MODULES.complete, new Set(shell));
    // The queue's cards (their schemas, the condition editor, the lightbox) and the required-shots
    // form load beside the queue's first page, not before the tab's heading and description paint.
    expect(
      modulesOf(complete).filter((m) =>
        /contracts\/(zod|money-schema|listings|guarantee)\.ts|complete\/(queue-item|required-shots-panel)\.tsx|components\/vehicle\/(photo-viewer|photo-lightbox|first-look-badge)/.test(
          m,
        ),
      ),
    ).toEqual([]);
    // 52 scripts and 249 kB before the queue's cards were split off; 19 and 139 kB after.
    expect(files(complete).length).toBeLessThanOrEqual(22);
    expect(gzipKb(files(complete))).toBeLessThanOrEqual(150);
  });

  it("loads the Complete tab's cards, and their forms' code, without a preload link per chunk (issue #47)", () => {
    // Vite's preload helper adds a <link rel="modulepreload"> for each chunk a lazy import needs,
    // listed in the importing chunk: for the queue's cards ~50, one 0.2 s task on a slow phone.
    // The tab's chunk, the cards' and the panel's, and the shared chunks that import the forms'
    // schemas in steps and the condition editor (named after their module).
    const shared = Object.keys(manifest).filter((k) => /^_(schema-steps|edit-condition-button)-/.test(k));
    expect(shared).toHaveLength(2);
    const hosts = [
      ADMIN_TAB_MODULES.complete,
      pageKey('admin/components/complete/queue-item.tsx'),
      pageKey('admin/components/complete/required-shots-panel.tsx'),
      ...shared,
    ];
    for (const host of hosts) {
      const code = readFileSync(new URL(manifest[host]!.file, DIST), 'utf8');
      const listed = /__vite__mapDeps=.*?m\.f=(\[[^\]]*\])/.exec(code)?.[1] ?? '[]';
      expect(
        (JSON.parse(listed) as string[]).filter((file) => file.endsWith('.js')),
        host,
      ).toEqual([]);
    }
  });

  it("draws the queue's cards and the Required shots panel without zod: their forms load it as they near the screen (issue #47)", () => {
    const modulesOf = (keys: Set<string>) => [...keys].flatMap((k) => chunkModules[manifest[k]!.file] ?? []);
    for (const part of ['complete/queue-item.tsx', 'complete/required-shots-panel.tsx']) {
      const drawn = closure(pageKey(`admin/components/${part}`), new Set(entry));
      expect(
        modulesOf(drawn).filter((m) => /contracts\/zod\.ts|lib\/zod\.ts/.test(m)),
        part,
      ).toEqual([]);
    }
  });

  it('draws the Transactions tab and its rows without zod: the dialogs that validate load it (issue #47)', () => {
    const modulesOf = (keys: Set<string>) => [...keys].flatMap((k) => chunkModules[manifest[k]!.file] ?? []);
    const shell = closure(pageKey('admin/admin-page.tsx'), new Set(entry));
    const tab = closure(ADMIN_TAB_MODULES.transactions, new Set(shell));
    // Its filters' names, the sale's labels, the claim case's words and "Bought by" come from the
    // contracts' text modules, not from those that build the schemas (50 scripts, 213 kB before).
    expect(
      modulesOf(tab).filter((m) =>
        /contracts\/(zod|transactions|after-sale|claim-cases|teams|delivery)\.ts/.test(m),
      ),
    ).toEqual([]);
    expect(files(tab).length).toBeLessThanOrEqual(40);
  });
});
