import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { DbHandle } from '../src/db/client';
import { createTestDatabase } from './test-database';

export const testConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env });

/** The real app on a real database, driven through app.inject(). */
export async function createTestApp(
  options: { env?: Record<string, string>; webDir?: string | null; database?: DbHandle } = {},
) {
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(options.env);
  const app = await buildApp({ config, database, webDir: options.webDir ?? null, logger: false });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
