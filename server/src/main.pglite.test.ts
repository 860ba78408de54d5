import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../test/scratch';

const ROOT = new URL('../..', import.meta.url).pathname;

/** Runs `server/src/main.ts` as `npm start` does and collects its output until `until` matches or it exits. */
function runMain(env: Record<string, string>, until?: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => {
    stdout += c;
  });
  child.stderr.on('data', (c) => {
    stderr += c;
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const ready = new Promise<void>((resolve, reject) => {
    // A hang's limit, not a speed target (a first start with the demo seeds it: ≈20 s here, more
    // beside CI's other workers).
    const timer = setTimeout(() => reject(new Error(`no match in 90 s: ${stdout}${stderr}`)), 90_000);
    child.stdout.on('data', () => {
      if (until?.test(stdout)) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exit.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
  return { child, exit, ready, output: () => ({ stdout, stderr }) };
}

describe('npm start (server/src/main.ts)', () => {
  it('stops with a readable list when the configuration is bad', async () => {
    const run = runMain({ PORT: 'eighty', DATABASE_URL: 'mysql://root:secret@db/x' });
    expect(await run.exit).toBe(1);
    const { stderr } = run.output();
    expect(stderr).toContain('Invalid configuration:');
    expect(stderr).toContain('PORT: must be a port number');
    expect(stderr).toContain('DATABASE_URL: must be a URL like postgres://');
    expect(stderr).not.toContain('secret');
  });

  it('prints the credentials on first start only, keeps the data and shuts down cleanly', async () => {
    const dataDir = join(scratchDir('main-test-'), 'db');
    // Without the demo: what is printed once and kept is the admin's and the upload password's. The
    // first start with the demo through main.ts is the journeys' template (e2e/support/global-setup.ts:
    // its demo dealer and team printed, a clean stop), its seed and a second start's empty report
    // are bootstrap.test.ts's; seeding here too cost ≈20 s of this file's ≈35.
    const env = { PORT: '0', DATA_DIR: dataDir, SEED_DEMO: 'false' };

    const first = runMain(env, /is running at (http:\/\/\S+)/);
    await first.ready;
    const firstOut = first.output().stdout;
    expect(firstOut).toContain('Admin sign-in');
    expect(firstOut).toMatch(/password: \S{16}/);
    expect(firstOut).toMatch(/Staff upload password \(.*\): \S{16}/);
    const url = /is running at (http:\/\/\S+)/.exec(firstOut)?.[1];
    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);

    const second = runMain(env, /is running at/);
    await second.ready;
    expect(second.output().stdout).not.toContain('password');
    second.child.kill('SIGINT');
    expect(await second.exit).toBe(0);
  }, 180_000);
});
