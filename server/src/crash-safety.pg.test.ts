import { afterAll, describe, expect, inject, it } from 'vitest';
import { burstAndKill, expectConsistent, seedBattlefield } from '../test/crash-safety';
import { createDatabase, dropDatabase } from '../test/pg-admin';
import { NO_ATTEMPT_LIMITS, spawnServer } from '../test/spawn-server';
import { openDatabase } from './db/client';

const serverUrl = inject('testDatabaseUrl');
let database: { name: string; url: string } | undefined;
afterAll(async () => {
  if (database) await dropDatabase(serverUrl, database.name);
});

describe('crash safety on PostgreSQL', () => {
  it('keeps every acknowledged purchase and offer, and nothing half-written, after a SIGKILL mid-burst', async () => {
    database = await createDatabase(serverUrl, 'app_crash', { fromTemplate: true });
    const handle = await openDatabase({ databaseUrl: database.url });
    try {
      const { codes, vehicleIds } = await seedBattlefield(handle.db);
      const server = await spawnServer({ DATABASE_URL: database.url, ...NO_ATTEMPT_LIMITS });
      const acknowledged = await burstAndKill(server, codes, vehicleIds);
      expect(await server.stop()).toBeNull();
      await expectConsistent(handle.db, acknowledged);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
