import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's module graph is one-way (docs/decisions/0004-module-graph.md). A boundary nobody
 * checks erodes with the next hurried import, so this test reads every import and names each edge
 * that breaks the rule. Tests themselves are not scanned: they drive the whole app (app.ts,
 * fixtures) and nothing imports them, so they can neither form nor hide a cycle.
 */
const SRC = import.meta.dirname;

/** The foundations every domain module may use; they never import a domain module. */
const FOUNDATIONS = ['project-root', 'config', 'db', 'lib', 'plugins'] as const;

/**
 * Who may import whom, lowest first: a module may import only what its row names (plus the
 * foundations, for domain modules). `app` is the composition root (app.ts, main.ts, bootstrap.ts,
 * cli/): it wires everything and nothing imports it.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  'project-root': [],
  config: [],
  db: ['project-root'],
  lib: ['project-root', 'config', 'db'],
  plugins: ['project-root', 'config', 'db', 'lib'],
  // Leaves: they import only the foundations.
  audit: [],
  // The one writer of the vehicles row and its one lock (every module that changes a car uses it).
  'vehicle-rows': [],
  // Declining open offers tells their dealers through the outbox, another leaf.
  'open-offers': ['notifications'],
  vin: [],
  // A listing's video is sent only to whom may see the car.
  media: ['car-visibility'],
  photos: ['audit', 'vehicle-rows', 'car-visibility'],
  health: [],
  // The terms of a sale made now (Buy Now), read as sell-vehicle.ts records them.
  'sale-terms': [],
  housekeeping: [],
  // The admin's list of the background jobs (lib/jobs.ts keeps them): reads the jobs table.
  jobs: [],
  // The outbox: state changes above enqueue into it; it knows no offer or sale.
  notifications: [],
  // Live updates: reads live_events (written by triggers) and sessions; imports no domain module.
  live: [],
  // A team member's spending limits (docs/design.md §10), checked by every sale.
  'buyer-limits': [],
  // The one visibility rule (issue #44): what an identity may learn about a car; every route and
  // message that tells of a car asks it. A leaf: it reads the rows it needs through the foundations.
  'car-visibility': [],
  // Buy orders (docs/design.md §13): matched when a car is published, filled when one is bought.
  // The person's watchlist (issue #30): its watchers are told through the outbox when a car changes.
  watchlist: ['audit', 'notifications', 'photos', 'car-visibility'],
  'buy-orders': ['audit', 'notifications', 'watchlist', 'recon', 'car-visibility'],
  // Reconditioning (issue #31): a sale's work order, its tasks and photos; the sale asks it before a release.
  recon: ['audit', 'notifications', 'photos', 'vehicle-rows'],
  // A sale's transport order cancelled (by a Cancel, or with its sale): the order, the charge taken
  // back and the carrier told, one way whoever cancels.
  'transport-cancel': ['audit', 'integrations'],
  // The marketplace, bottom up: vehicles ← buy-codes ← dealers; buy-codes ← transactions ← offers / purchases.
  vehicles: [
    'audit',
    'open-offers',
    'vin',
    'photos',
    'buyer-limits',
    'vehicle-rows',
    'buy-orders',
    'watchlist',
    'recon',
    'car-visibility',
    'transport-cancel',
  ],
  'buy-codes': ['audit', 'vehicles'],
  dealers: ['audit', 'open-offers', 'notifications', 'buy-codes'],
  // The carrier's and the lender's outbox and signed webhooks (issue #32): a leaf like notifications.
  integrations: [],
  transactions: [
    'audit',
    'notifications',
    'vehicles',
    'buy-codes',
    'photos',
    'vehicle-rows',
    'recon',
    // The title of a floor-planned car goes to the lender (through its outbox).
    'integrations',
    // Limits apply to the deal total, read from the ledger (deal-limits.ts).
    'buyer-limits',
  ],
  // Certified delivery (docs/design.md §15): a sale's transport, released by the sale's state.
  delivery: [
    'audit',
    'notifications',
    'transactions',
    'recon',
    'integrations',
    'vehicle-rows',
    'vehicles',
    'car-visibility',
    'transport-cancel',
  ],
  // Floor plan: a dealership's lines, a sale's request; an approval releases a waiting transport.
  'floor-plan': ['audit', 'notifications', 'transactions', 'integrations', 'delivery'],
  // Market guide and insights (docs/design.md §16): SQL over the ledger's facts, in the sale terms' days.
  insights: ['sale-terms', 'car-visibility'],
  offers: [
    'audit',
    'open-offers',
    'notifications',
    'watchlist',
    // The package an offer asks for (recon/recon-packages.ts), checked when it is made (issue #31).
    'recon',
    'vehicles',
    'buy-codes',
    'transactions',
    'buyer-limits',
    'vehicle-rows',
  ],
  purchases: [
    'audit',
    'notifications',
    'vehicles',
    'buy-codes',
    'transactions',
    'buyer-limits',
    'vehicle-rows',
    // Delivery and a floor-plan line chosen in the Buy Now dialog, in the sale's transaction.
    'delivery',
    'floor-plan',
  ],
  auth: ['audit', 'buy-codes'],
  // Dealer teams: members, invitations, passwords and passkeys, each member's codes; mail through the outbox.
  teams: ['audit', 'notifications', 'auth', 'open-offers', 'buy-codes'],
  'dealer-portal': ['buy-codes', 'transactions', 'offers', 'buyer-limits', 'delivery', 'floor-plan'],
  // /admin's first screen in one read (issue #47): each count from its own tab's module.
  'admin-counts': ['vehicles', 'offers', 'recon', 'delivery', 'floor-plan'],
  // What a car costs a dealership delivered (issue #46): the one deal total over the visible cars,
  // their package and a transport quote to the dealership's ZIP.
  'delivered-price': ['car-visibility', 'delivery', 'recon', 'transactions'],
  'sheets-sync': ['audit', 'vehicles', 'photos', 'vehicle-rows'],
  // Demo data is written with the modules' own steps (a buy code is inserted the one way).
  seed: [
    ...FOUNDATIONS,
    'buy-codes',
    'buy-orders',
    'notifications',
    'photos',
    'transactions',
    'auth',
    'vehicle-rows',
    'recon',
    // A car in transit paid by a floor-plan line, bought and moved with the modules' own steps.
    'purchases',
    'delivery',
    'floor-plan',
    // The demo's sales history is followed by a refresh of the facts and a refit of the guide.
    'insights',
  ],
};

/** Which module a file under server/src belongs to. */
function moduleOf(file: string): string {
  const [top, second] = relative(SRC, file).split(/[\\/]/);
  if (top === 'modules') return second!;
  if (top === 'db' || top === 'lib' || top === 'plugins' || top === 'seed') return top;
  if (top === 'config.ts' || top === 'project-root.ts') return top.slice(0, -3);
  return 'app';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Relative import specifiers resolved to files inside server/src (packages and @contracts are outside). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)];
  return specifiers.flatMap(([, specifier]) => {
    const base = resolve(dirname(file), specifier!);
    const target = [`${base}.ts`, join(base, 'index.ts'), base].find((p) => existsSync(p));
    return target && !relative(SRC, target).startsWith('..') ? [target] : [];
  });
}

interface Edge {
  from: string;
  to: string;
  fromModule: string;
  toModule: string;
}

const show = (edge: Edge) =>
  `${relative(SRC, edge.from)} → ${relative(SRC, edge.to)} (${edge.fromModule} → ${edge.toModule})`;

const edges: Edge[] = sourceFiles(SRC).flatMap((from) =>
  importsOf(from).map((to) => ({ from, to, fromModule: moduleOf(from), toModule: moduleOf(to) })),
);
const crossing = edges.filter((e) => e.fromModule !== e.toModule);

/** The module-level path from `from` to `to`, if any (breadth-first, so the shortest). */
function pathBetween(from: string, to: string): string[] | null {
  const previous = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length > 0) {
    const module = queue.shift()!;
    if (module === to) {
      const path = [to];
      while (path[0] !== from) path.unshift(previous.get(path[0]!)!);
      return path;
    }
    for (const edge of crossing.filter((e) => e.fromModule === module && !previous.has(e.toModule))) {
      previous.set(edge.toModule, module);
      queue.push(edge.toModule);
    }
  }
  return null;
}

/** Every module-level import that closes a loop (one example file edge each), with the way back. */
function cycleEdges(): string[] {
  const seen = new Set<string>();
  return crossing.flatMap((edge) => {
    const pair = `${edge.fromModule}>${edge.toModule}`;
    const back = seen.has(pair) ? null : pathBetween(edge.toModule, edge.fromModule);
    seen.add(pair);
    return back ? [`${show(edge)}, and back: ${back.join(' → ')}`] : [];
  });
}

/**
 * The module diagram in docs/ARCHITECTURE.md, as `a --> b` edges (`a --> b & c` is two): it must be
 * the graph the code has, every edge between domain modules and from the composition root, so a
 * reader never learns a dependency that is not there or misses one that is.
 */
function documentedEdges(): string[] {
  const doc = readFileSync(join(SRC, '../../docs/ARCHITECTURE.md'), 'utf8');
  const diagram = /## Module graph[\s\S]*?```mermaid\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
  return diagram.split('\n').flatMap((line) => {
    const match = /^\s*([\w-]+)(?:\[[^\]]*\])?\s*-->\s*(.+)$/.exec(line);
    if (!match) return [];
    return match[2]!.split('&').map((to) => `${match[1]} --> ${to.trim()}`);
  });
}

function actualEdges(): string[] {
  const skipped = new Set<string>(FOUNDATIONS);
  return [...new Set(crossing.map((e) => `${e.fromModule} --> ${e.toModule}`))].filter((edge) => {
    const [from, to] = edge.split(' --> ') as [string, string];
    return !skipped.has(from) && !skipped.has(to);
  });
}

/** Where a module lives under server/src: a folder, or one file for `config` and `project-root`. */
function home(module: string): string {
  if (module === 'config' || module === 'project-root') return `${module}.ts`;
  return FOUNDATIONS.includes(module as never) || module === 'seed' ? module : `modules/${module}`;
}

const isDomain = (module: string) => !FOUNDATIONS.includes(module as never) && module !== 'seed';

/** A specifier as written in a file of `dir` for `target` (a path under server/src). */
function specifier(dir: string, target: string): string {
  const path = relative(dir, join(SRC, target)).replace(/\.ts$/, '') || '.';
  return path.startsWith('.') ? path : `./${path}`;
}

/**
 * The direction table as Biome rules (biome.imports.jsonc's overrides for server/src), so the editor and
 * `npm run lint` refuse a forbidden import as it is typed. A relative specifier names a module only
 * seen from a known folder, hence one override per folder (modules are flat; lib/uploads/ is one
 * level down): every specifier that climbs out of the module is refused unless it lands in a
 * module the table allows. Not expressible per folder, so left to the tests above: route file to
 * route file and the vehicles row's one writer (loops between files: noImportCycles, biome.json).
 */
function biomeOverrides(): unknown[] {
  const folders = new Map<string, { dir: string; module: string; files: string[] }>();
  for (const file of sourceFiles(SRC)) {
    const module = moduleOf(file);
    if (module === 'app') continue;
    const key = `${dirname(file)} ${module}`;
    const folder = folders.get(key) ?? { dir: dirname(file), module, files: [] };
    folder.files.push(file);
    folders.set(key, folder);
  }
  return [...folders.values()]
    .map(({ dir, module, files }) => {
      const allowed = [...(MAY_IMPORT[module] ?? []), ...(isDomain(module) ? FOUNDATIONS : [])];
      const group = [
        `${specifier(dir, dirname(home(module)))}/**`,
        ...allowed.map((to) => `!${specifier(dir, home(to))}${home(to).endsWith('.ts') ? '' : '/**'}`),
      ];
      const named = isDomain(module) ? [...(MAY_IMPORT[module] ?? []), 'the foundations'] : allowed;
      const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0];
      const message =
        `${home(module)} ${list ? `may import only ${list}` : 'imports no other server module'}` +
        ' (the direction table MAY_IMPORT in server/src/module-graph.test.ts, docs/decisions/0004-module-graph.md).';
      const includes =
        dir === SRC
          ? files.map((file) => `server/src/${relative(SRC, file)}`)
          : [`server/src/${relative(SRC, dir)}/*.ts`, '!**/*.test.ts'];
      return {
        includes,
        linter: {
          rules: {
            style: { noRestrictedImports: { level: 'error', options: { patterns: [{ group, message }] } } },
          },
        },
      };
    })
    .sort((a, b) => a.includes[0]!.localeCompare(b.includes[0]!));
}

describe('server module graph', () => {
  it('is the graph docs/ARCHITECTURE.md draws', () => {
    const actual = actualEdges().sort();
    const documented = [...new Set(documentedEdges())].sort();
    // On a mismatch, the message is the diagram to paste (grouped by importer).
    const byImporter = new Map<string, string[]>();
    for (const edge of actual) {
      const [from, to] = edge.split(' --> ') as [string, string];
      byImporter.set(from, [...(byImporter.get(from) ?? []), to]);
    }
    const diagram = [...byImporter].map(([from, tos]) => `  ${from} --> ${tos.join(' & ')}`).join('\n');
    expect(documented, `graph TD\n${diagram}`).toEqual(actual);
  });

  it('is what biome.imports.jsonc enforces as the code is written (the same table as lint rules)', () => {
    const text = readFileSync(join(SRC, '../../biome.imports.jsonc'), 'utf8');
    const withoutComments = text.replace(/^\s*\/\/.*$/gm, '');
    const { overrides } = JSON.parse(withoutComments) as { overrides: { includes: string[] }[] };
    const actual = overrides.filter((o) => o.includes[0]?.startsWith('server/src/'));
    const expected = biomeOverrides();
    // On a mismatch, the message is the overrides to paste in place of biome.imports.jsonc's server/src ones.
    expect(actual, JSON.stringify(expected, null, 2)).toEqual(expected);
  });

  it('finds the files it checks', () => {
    expect(edges.length).toBeGreaterThan(100);
  });

  it('declares every module in the direction table', () => {
    const unknown = [...new Set(edges.flatMap((e) => [e.fromModule, e.toModule]))].filter(
      (m) => m !== 'app' && !(m in MAY_IMPORT),
    );
    expect(unknown).toEqual([]);
  });

  it('has no cycle between modules', () => {
    expect(cycleEdges()).toEqual([]);
  });

  it('leaves loops between files to the linter, for all source (server, web, contracts)', () => {
    // biome.json's noImportCycles (type imports included) refuses a loop between any two files as it
    // is typed and in `npm run lint`. Biome builds its module graph only for a rule enabled at the top
    // level: enabled in an override alone, the rule never reported anything. Tests, e2e, bench and
    // scripts are left out by an override (they import the app; nothing imports them).
    const biome = JSON.parse(readFileSync(resolve(SRC, '../../biome.json'), 'utf8'));
    expect(biome.linter.rules.suspicious.noImportCycles).toEqual({
      level: 'error',
      options: { ignoreTypes: false },
    });
    const overrides = biome.overrides as { includes: string[]; linter?: { rules?: object } }[];
    const turnedOff = overrides.filter((o) =>
      JSON.stringify(o.linter?.rules ?? {}).includes('noImportCycles'),
    );
    for (const o of turnedOff)
      expect(o.includes.every((p) => !/^(server|web)\/src\/\*\*$|^contracts/.test(p))).toBe(true);
  });

  it('imports only downwards, as declared', () => {
    const allowed = (e: Edge) => {
      if (e.fromModule === 'app') return true;
      if (e.toModule === 'app') return false;
      const own = MAY_IMPORT[e.fromModule] ?? [];
      const isDomain = !FOUNDATIONS.includes(e.fromModule as never) && e.fromModule !== 'seed';
      return own.includes(e.toModule) || (isDomain && FOUNDATIONS.includes(e.toModule as never));
    };
    expect(crossing.filter((e) => !allowed(e)).map(show)).toEqual([]);
  });

  it('never imports a route file from another route file', () => {
    const routeToRoute = edges.filter((e) => e.from.endsWith('.routes.ts') && e.to.endsWith('.routes.ts'));
    expect(routeToRoute.map(show)).toEqual([]);
  });

  it('writes and locks the vehicles row in one place only (modules/vehicle-rows)', () => {
    const writes = /\.(?:insert|update|delete)\(vehicles\)|\.from\(vehicles\)[^;]*\.for\('update'/;
    const writers = sourceFiles(SRC)
      .filter((file) => writes.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(writers).toEqual(['modules/vehicle-rows/vehicle-rows.ts']);
  });

  it('keeps plugins and db free of domain modules', () => {
    const upward = edges.filter(
      (e) => (e.fromModule === 'plugins' || e.fromModule === 'db') && e.to.includes(`${SRC}/modules/`),
    );
    expect(upward.map(show)).toEqual([]);
  });
});
