import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, dropDatabase } from '../../server/test/pg-admin';
import { BUNDLE_NODE_ARGS } from '../../server/test/spawn-server';

const ROOT = new URL('../..', import.meta.url).pathname;

export const E2E_ADMIN = { email: 'admin@e2e.example', password: 'e2e-admin-password' } as const;
export const E2E_UPLOAD_PASSWORD = 'e2e-upload-password';

export interface RunningServer {
  url: string;
  /** The demo dealer the first start printed, when the demo data was seeded. */
  demoDealer: { dealerName: string; buyCode: string } | null;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
}

/**
 * Starts the real, built app (`node dist/server/main.js`, as `npm start` does after the build) on a
 * free port with a fresh database: an empty PGlite data directory, or a new PostgreSQL database
 * when TEST_DATABASE_URL is set.
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const pgDatabase = serverUrl ? await createDatabase(serverUrl, 'app_e2e', { fromTemplate: false }) : null;
  const child = spawn(process.execPath, BUNDLE_NODE_ARGS, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      // The journeys expect the demo marketplace on PostgreSQL too, where it is off unless asked for.
      ...(pgDatabase ? { DATABASE_URL: pgDatabase.url, SEED_DEMO: 'true' } : {}),
      LOG_LEVEL: 'warn',
      ADMIN_EMAILS: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      UPLOAD_PASSWORD: E2E_UPLOAD_PASSWORD,
      // Journeys sign in many times from one address; the limit itself is proven by the API tests.
      SIGN_IN_RATE_LIMIT: '1000',
      CODE_GUESS_ADDRESS_PER_DAY: '100000',
      CODE_GUESS_GLOBAL_PER_MINUTE: '100000',
      CODE_GUESS_GLOBAL_PER_DAY: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const check = () => {
      const match = /is running at (http:\/\/[^\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  const demo = /Demo dealer \([^)]*\): (.+), buy code ([A-Z0-9]{4})/.exec(output);
  return {
    url,
    demoDealer: demo ? { dealerName: demo[1]!, buyCode: demo[2]! } : null,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      if (pgDatabase && serverUrl) await dropDatabase(serverUrl, pgDatabase.name);
      return code;
    },
  };
}
