import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { premiumCertification } from '@contracts/brand';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migratedDataDir, scratchDir } from '../../test/scratch';
import { testConfig } from '../../test/test-app';
import { openDatabase } from '../db/client';
import { dealers, offers, vehicles } from '../db/schema';
import { seedDemoData } from '../seed/demo-seed';

const ROOT = new URL('../../..', import.meta.url).pathname;
const run = (dataDir: string, args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli/db-backup.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
  });

async function counts(dataDir: string) {
  const handle = await openDatabase({ dataDir: join(dataDir, 'db') });
  const read = async (table: typeof vehicles | typeof dealers | typeof offers) =>
    (await handle.db.select({ n: count() }).from(table))[0]!.n;
  const result = { vehicles: await read(vehicles), dealers: await read(dealers), offers: await read(offers) };
  await handle.close();
  return result;
}

describe('npm run db:backup / db:restore', () => {
  it('round-trips the embedded database, and never overwrites one without --force', async () => {
    // The demo's marketplace (cars, dealers, offers in every state) on the migrated snapshot; its
    // photos are files beside the database, not in it, so they are left out.
    const source = migratedDataDir('backup-src-');
    const handle = await openDatabase({ dataDir: join(source, 'db') });
    await seedDemoData(handle.db, premiumCertification(testConfig().brand));
    await handle.close();
    const before = await counts(source);
    expect(before.vehicles).toBeGreaterThan(30);

    const file = join(scratchDir('backup-file-'), 'demo.tar.gz');
    const backup = run(source, ['backup', file]);
    expect(backup.status, backup.stderr).toBe(0);

    const target = scratchDir('backup-dst-');
    const restored = run(target, ['restore', file]);
    expect(restored.status, restored.stderr).toBe(0);
    expect(await counts(target)).toEqual(before);

    const again = run(target, ['restore', file]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('add --force');
    expect(run(target, ['restore', file, '--force']).status).toBe(0);
    expect(await counts(target)).toEqual(before);
    expect(run(target, ['restore', join(target, 'missing.tar.gz')]).stderr).toContain('No backup at');

    // While a process has the database open (this test here, the server in use), it refuses
    // (backup and restore take the directory in the same place, before either begins).
    const held = await openDatabase({ dataDir: join(target, 'db') });
    try {
      const refused = run(target, ['restore', file, '--force']);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`is in use by another process (pid ${process.pid}`);
    } finally {
      await held.close();
    }
  }, 240_000);
});
