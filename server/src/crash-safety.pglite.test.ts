import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { burstAndKill, expectConsistent, seedBattlefield } from '../test/crash-safety';
import { migratedDataDir } from '../test/scratch';
import { NO_ATTEMPT_LIMITS, spawnServer } from '../test/spawn-server';
import { openDatabase } from './db/client';

describe('crash safety on the embedded database (PGlite)', () => {
  it('keeps every acknowledged purchase and offer, and nothing half-written, after a SIGKILL mid-burst', async () => {
    const dataDir = migratedDataDir('crash-');
    const seeded = await openDatabase({ dataDir: join(dataDir, 'db') });
    await seeded.migrate();
    const { codes, vehicleIds } = await seedBattlefield(seeded.db);
    await seeded.close();

    const env = { DATA_DIR: dataDir, ...NO_ATTEMPT_LIMITS };
    const server = await spawnServer(env);
    const acknowledged = await burstAndKill(server, codes, vehicleIds);
    expect(await server.stop()).toBeNull();

    // The app starts again on the same files, and the data holds.
    const restarted = await spawnServer(env);
    expect((await fetch(`${restarted.url}/readyz`)).status).toBe(200);
    expect(await restarted.stop()).toBe(0);
    const reopened = await openDatabase({ dataDir: join(dataDir, 'db') });
    try {
      await expectConsistent(reopened.db, acknowledged);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
