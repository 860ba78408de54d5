import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { bootstrap } from '../src/bootstrap';
import { type Config, loadConfig } from '../src/config';
import type { DbHandle } from '../src/db/client';
import { TEST_ACCOUNTS, testPasswordHashes } from './sessions';
import { createTestDatabase } from './test-database';

/** Test configuration: quiet, no demo data, files in a fresh temporary directory, NHTSA unreachable. */
export const testConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // A test that seeds the demo pays for its first start's history only (the demo-history job's
    // own test, sales-history.test.ts, runs the default 3,000 once).
    DEMO_HISTORY_SALES: '0',
    // Inside the run's scratch directory, which global setup removes: a config used without
    // createTestApp (which removes its own) leaves nothing behind either.
    DATA_DIR: mkdtempSync(join(inject('testScratchDir'), 'data-')),
    VPIC_BASE_URL: 'http://127.0.0.1:9/api',
    VPIC_TIMEOUT_MS: '500',
    ...env,
  });

/**
 * The real app on a real database, driven through app.inject(). Logging is off unless a logStream
 * is given: then the production logger writes its JSON lines there, at LOG_LEVEL info by default.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    webDir?: string | null;
    database?: DbHandle;
    logStream?: { write(line: string): void };
  } = {},
) {
  const database = options.database ?? (await createTestDatabase());
  const { logStream } = options;
  const config = testConfig({ ...(logStream ? { LOG_LEVEL: 'info' } : {}), ...options.env });
  const app = await buildApp({
    config,
    database,
    webDir: options.webDir ?? null,
    ...(logStream ? { logStream } : { logger: false }),
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * createTestApp with the test accounts (TEST_ACCOUNTS) configured and created, ready to sign in:
 * bootstrap() runs as at a start, storing the admin password's hash made once per run (global setup).
 */
export async function createBootstrappedApp(options: Parameters<typeof createTestApp>[0] = {}) {
  const ctx = await createTestApp({
    ...options,
    env: {
      ADMIN_EMAILS: TEST_ACCOUNTS.adminEmail,
      ADMIN_PASSWORD: TEST_ACCOUNTS.adminPassword,
      UPLOAD_PASSWORD: TEST_ACCOUNTS.uploadPassword,
      ...options.env,
    },
  });
  await bootstrap(ctx.db, ctx.config, { passwordHashes: testPasswordHashes() });
  return ctx;
}
