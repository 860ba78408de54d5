import { type ChildProcess, spawn } from 'node:child_process';

const ROOT = new URL('../..', import.meta.url).pathname;

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * How `npm start` runs the server (package.json; start-command.test.ts runs `npm start` and this
 * helper side by side and compares the node arguments each actually used). A 1 MB young-generation
 * semi-space keeps the resident memory ~40 MB lower under load at no measurable throughput cost
 * (bench:list, bench:detail): the server's garbage is short-lived and small.
 */
export const BUNDLE_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=1', 'dist/server/main.js'];
/**
 * Also as `npm start` does: glibc's malloc gives each of libvips's threads its own arena, and photo
 * processing then keeps ~400 MB more resident than it uses (bench:photos: peak RSS 840 → 439 MB
 * over 30 photos of 12 MP with MALLOC_ARENA_MAX=2; sharp's documentation warns that glibc's
 * allocator fragments under libvips, and this glibc setting bounds the arenas).
 */
export const START_ENV = { MALLOC_ARENA_MAX: '2' };
const SOURCE_NODE_ARGS = ['--import', 'tsx', 'server/src/main.ts'];

export interface SpawnOptions {
  /** The TypeScript sources (default), or the bundle `npm run build` writes (what `npm start` runs). */
  entry?: 'source' | 'bundle';
  /** How long to wait for "is running at" before giving up. */
  startTimeoutMs?: number;
  /** The node binary; only start-command.test.ts swaps it, to record the arguments it is given. */
  nodePath?: string;
  /** The checkout whose server runs (bench:pages starts the previous release's beside this one). */
  cwd?: string;
}

/**
 * Starts the server as a separate process and resolves once it listens. The one way API tests,
 * browser journeys (e2e/support/app-server.ts) and benchmarks (bench/support.ts) start it.
 * Quiet (LOG_LEVEL warn) and without demo data unless `env` says otherwise.
 */
export async function spawnServer(
  env: Record<string, string>,
  entryOrOptions: 'source' | 'bundle' | SpawnOptions = {},
): Promise<SpawnedServer> {
  const options = typeof entryOrOptions === 'string' ? { entry: entryOrOptions } : entryOrOptions;
  const { entry = 'source', startTimeoutMs = 45_000, nodePath = process.execPath, cwd = ROOT } = options;
  const child = spawn(nodePath, entry === 'bundle' ? BUNDLE_NODE_ARGS : SOURCE_NODE_ARGS, {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...START_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${startTimeoutMs / 1000} s:\n${output}`)),
      startTimeoutMs,
    );
    child.stdout?.on('data', () => {
      const match = /is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Environment for tests and benchmarks that make many sign-ins or code checks from one address on
 * purpose; the limits themselves are proven by code-guessing.test.ts and auth.test.ts.
 */
export const NO_ATTEMPT_LIMITS = {
  SIGN_IN_RATE_LIMIT: '100000',
  CODE_GUESS_ADDRESS_PER_DAY: '10000000',
  CODE_GUESS_GLOBAL_PER_MINUTE: '10000000',
  CODE_GUESS_GLOBAL_PER_DAY: '100000000',
} as const;
