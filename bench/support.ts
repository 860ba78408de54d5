import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { CHROMIUM_PATH } from '../e2e/support/chromium';
import { type DbHandle, openDatabase } from '../server/src/db/client';
import { NO_ATTEMPT_LIMITS, spawnServer } from '../server/test/spawn-server';

export const RESULTS_DIR = new URL('./results/', import.meta.url).pathname;

/**
 * A fresh database for a benchmark: PGlite in a temp dir, or PostgreSQL when DATABASE_URL is set;
 * either way a fresh DATA_DIR (photos, uploads), never the project's ./data.
 */
export async function benchDatabase(): Promise<{
  handle: DbHandle;
  dataDir: string;
  env: Record<string, string>;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  if (process.env.DATABASE_URL) {
    const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
    await handle.migrate();
    return { handle, dataDir, env: { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: dataDir } };
  }
  const handle = await openDatabase({ dataDir: join(dataDir, 'db') });
  await handle.migrate();
  return { handle, dataDir, env: { DATA_DIR: dataDir } };
}

/** The PostgreSQL server a PostgreSQL-only benchmark creates its databases on; exits with how to set it. */
export function requirePostgres(bench: string): string {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) return url;
  console.error(
    `bench:${bench} runs on PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g. postgres://app:app@127.0.0.1:5432/postgres`,
  );
  process.exit(1);
}

/** The bundle `npm start` runs, rebuilt once per benchmark run so it matches the sources. */
let serverBuilt = false;
export function buildServerOnce() {
  if (serverBuilt) return;
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('building the server failed');
  serverBuilt = true;
}

/**
 * The server as `npm start` runs it: the bundle, rebuilt first so it matches the sources; or
 * another checkout's bundle as it was built there (`cwd`, bench/previous-release.ts).
 */
export function startBenchServer(env: Record<string, string>, cwd?: string) {
  if (!cwd) buildServerOnce();
  return spawnServer(
    { LOG_LEVEL: 'error', ...NO_ATTEMPT_LIMITS, ...env },
    { entry: 'bundle', ...(cwd ? { cwd } : {}) },
  );
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ connections: 10, duration: 10, ...options });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * The app and its ceiling loaded alternately, `rounds` times each (a noisy machine favours neither),
 * and the best run of each.
 */
export async function againstCeiling(app: autocannon.Options, ceiling: autocannon.Options, rounds = 2) {
  const runs = { app: [] as LoadResult[], ceiling: [] as LoadResult[] };
  for (let round = 0; round < rounds; round++) {
    runs.app.push(await load(app));
    runs.ceiling.push(await load(ceiling));
  }
  const best = (list: LoadResult[]) =>
    list.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
  return { app: best(runs.app), ceiling: best(runs.ceiling) };
}

export function writeResults(name: string, figures: Record<string, unknown>) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ name, at: new Date().toISOString(), ...figures }, null, 2)}\n`);
  return file;
}

export const line = (label: string, value: string | number) => console.log(`${label.padEnd(44)} ${value}`);

/**
 * One URL's answer under load against a ceiling that replays it: the answer read as it is sent
 * (gzip) and uncompressed, the ceiling's copy compressed at level 6, then the app and the ceiling
 * loaded alternately with the same requests (againstCeiling); the ceiling is stopped after.
 */
export async function answerAgainstCeiling(url: string, duration: number) {
  const headers = { 'accept-encoding': 'gzip' };
  const sample = await fetch(url, { headers });
  if (!sample.ok) throw new Error(`${new URL(url).pathname} answered ${sample.status}`);
  const raw = Buffer.from(
    await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
  );
  const gzipped = gzipSync(raw, { level: 6 });
  const ceiling = await startCeiling(new Map([['*', { headers: replayableHeaders(sample), body: gzipped }]]));
  try {
    const loaded = await againstCeiling(
      { url, headers, duration },
      { url: `${ceiling.url}${new URL(url).pathname}`, headers, duration },
    );
    return { raw, gzipped, headers, ...loaded };
  } finally {
    await ceiling.stop();
  }
}

/**
 * The app's best run against its ceiling's as the ceiling benchmarks print them (`app` names what
 * was loaded, `target` the ratio wanted); the ratio of their requests per second.
 */
export function lineAgainstCeiling(
  app: LoadResult,
  ceiling: LoadResult,
  { app: appLabel = 'app', target }: { app?: string; target?: number } = {},
) {
  const ratio = app.requestsPerSecond / ceiling.requestsPerSecond;
  line(`${appLabel} req/s (p50 / p99 ms)`, `${app.requestsPerSecond} (${app.p50} / ${app.p99})`);
  line('ceiling req/s (p50 / p99 ms)', `${ceiling.requestsPerSecond} (${ceiling.p50} / ${ceiling.p99})`);
  line(`ratio app / ceiling${target === undefined ? '' : ` (target ≥ ${target})`}`, ratio.toFixed(2));
  line('errors / non-2xx', `${app.errors} / ${app.non2xx}`);
  return ratio;
}

/**
 * `count` dealerships with every contact filled, told apart by their number: `${name} ${i}`,
 * buyer${i}@, billing${i}@ and titles${i}@ the domain.
 */
export const benchDealers = (
  count: number,
  { name, address, domain }: Record<'name' | 'address' | 'domain', string>,
) =>
  Array.from({ length: count }, (_, i) => ({
    dealerName: `${name} ${i}`,
    address,
    contactName: 'Pat',
    email: `buyer${i}@${domain}`,
    phone: '(555) 010-0100',
    billingContactName: 'Bill',
    billingContactEmail: `billing${i}@${domain}`,
    billingContactPhone: '(555) 010-0101',
    titleContactName: 'Tia',
    titleContactEmail: `titles${i}@${domain}`,
    titleContactPhone: '(555) 010-0102',
  }));

/**
 * The browser the page benchmarks measure in: the journeys' (e2e/support/chromium.ts): Debian's
 * headless shell when it is installed — the same engine as Chromium without the desktop browser
 * around it, whose window the full browser composites in software on the same cores as the page
 * (a phone's browser draws its frame on its GPU): with the full browser the page's own tasks
 * waited behind it, and Lighthouse counts that wait four times (ADR 0052). Otherwise Debian's
 * Chromium; CHROME_PATH overrides both. Background traffic off.
 */
export const BENCH_CHROME = {
  path: process.env.CHROME_PATH ?? CHROMIUM_PATH,
  flags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--no-first-run',
  ],
};

/**
 * The phone's CPU is the browser's. Lighthouse simulates a phone from the timings of an unthrottled
 * load (each task's wall time, four times over), so whatever CPU this machine gives the bench's own
 * work while the page loads — the app's server, the database, Lighthouse reading the browser's
 * events — is counted as the phone's own blocking time: on this 2-core machine a page's first tasks
 * took 3–5 times their CPU time in wall time, waiting for a core. Linux shares the CPU between
 * sessions first (autogroups) and chrome-launcher starts Chromium detached, a session of its own, so
 * lowering this session's share (the bench, and the server it spawns) gives the browser the CPU
 * whenever both want it, as a phone has its CPU to itself; the database (PostgreSQL's own
 * sessions) still competes. Returns what it did, for the bench's printed figures.
 * BENCH_BROWSER_FIRST=0 leaves the shares equal (to compare).
 */
export function browserFirst(): { how: string; restore: () => void } {
  const equal = (why: string) => ({ how: `${why}: equal CPU shares`, restore: () => {} });
  if (process.env.BENCH_BROWSER_FIRST === '0') return equal('off (BENCH_BROWSER_FIRST=0)');
  const file = '/proc/self/autogroup';
  let before: string | undefined;
  try {
    // "/autogroup-42 nice 0": the share is the session's, so the terminal that started the bench
    // gets its own back when the bench is done (raising a share back to where it was needs no
    // privilege).
    before = /nice (-?\d+)/.exec(readFileSync(file, 'utf8'))?.[1];
    writeFileSync(file, '19');
  } catch {
    return equal('not available here (no Linux autogroup)');
  }
  const restore = () => {
    try {
      if (before !== undefined) writeFileSync(file, before);
    } catch {
      // A share below 0 needs privilege; the session keeps 19 until it ends.
    }
  };
  process.once('exit', restore);
  return { how: "on: the bench's session at nice 19, Chromium's session at its own", restore };
}

/** VmRSS of a process in MB (Linux), or null where /proc is not available. */
export function residentMemoryMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** What the app answered, as headers a ceiling can replay (minus per-response and framing ones). */
export function replayableHeaders(response: Response): Record<string, string> {
  const skip = new Set([
    'date',
    'connection',
    'keep-alive',
    'content-length',
    'transfer-encoding',
    'x-request-id',
  ]);
  return Object.fromEntries([...response.headers].filter(([name]) => !skip.has(name)));
}

/** One SQL statement as node-postgres runs it (a ceiling answer may run some first). */
export interface Statement {
  text: string;
  values: unknown[];
}

export interface CeilingAnswer {
  headers: Record<string, string | number>;
  body: Buffer;
}

/** Starts bench/ceiling-server.ts in its own process answering these paths; resolves its base URL. */
export async function startCeiling(
  answers: Map<string, CeilingAnswer & { statements?: Statement[] }>,
  env: { DATABASE_URL?: string } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'ceiling-'));
  const file = join(dir, 'answers.json');
  const spec = Object.fromEntries(
    [...answers].map(([path, a]) => [
      path,
      { headers: a.headers, bodyBase64: a.body.toString('base64'), statements: a.statements },
    ]),
  );
  writeFileSync(file, JSON.stringify(spec));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'ceiling-server.ts'), file],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  const port = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /ceiling listening on (\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`ceiling exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
