import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type DbHandle, openDatabase, PGLITE_OPTIONS } from '../src/db/client';
import { createDatabase, dropDatabase } from './pg-admin';

let snapshot: Blob | null = null;

/**
 * A fresh, migrated, empty database for one test file: PGlite in-process by default, a new
 * PostgreSQL database when TEST_DATABASE_URL is set. The same tests run on both.
 */
export async function createTestDatabase(): Promise<DbHandle> {
  const serverUrl = inject('testDatabaseUrl');
  if (serverUrl) {
    const { name, url } = await createDatabase(serverUrl, 'app_test', { fromTemplate: true });
    const handle = await openDatabase({ databaseUrl: url });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await dropDatabase(serverUrl, name);
      },
    };
  }
  snapshot ??= new Blob([readFileSync(inject('pgliteSnapshotPath'))]);
  const client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: snapshot });
  return openDatabase({ pglite: client });
}
