import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migratedDataDir } from '../../test/scratch';
import { openDatabase } from '../db/client';
import { adminUsers } from '../db/schema';
import { verifyPassword } from '../modules/auth/passwords';

const ROOT = new URL('../../..', import.meta.url).pathname;
const run = (dataDir: string, args: string[], input: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli/admin-create.ts', ...args], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, SEED_DEMO: 'false' },
  });

describe('npm run admin:create', () => {
  it('adds an admin, resets its password case-insensitively and refuses bad input', async () => {
    const dataDir = migratedDataDir('admin-create-');
    const added = run(dataDir, ['--email', 'Ops@Example.com', '--password-stdin'], 'first-long-password\n');
    expect(added.stdout).toContain('Admin ops@example.com was added');
    const reset = run(dataDir, ['--email', 'OPS@example.com', '--password-stdin'], 'second-long-password\n');
    expect(reset.stdout).toContain('has a new password');
    const short = run(dataDir, ['--email', 'ops@example.com', '--password-stdin'], 'short\n');
    expect(short.status).toBe(1);
    expect(short.stderr).toContain('at least 10 characters');
    const noEmail = run(dataDir, ['--password-stdin'], 'whatever-long-password\n');
    expect(noEmail.stderr).toContain('A valid --email is required');

    const database = await openDatabase({ dataDir: join(dataDir, 'db') });
    const rows = await database.db
      .select()
      .from(adminUsers)
      .where(sql`lower(${adminUsers.email}) = 'ops@example.com'`);
    expect(rows).toHaveLength(1);
    expect(await verifyPassword(rows[0]!.passwordHash!, 'second-long-password')).toBe(true);
    await database.close();
  }, 60_000);
});
