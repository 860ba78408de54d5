import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * A new directory for a test's files inside the run's scratch directory, which the project's global
 * setup makes and removes at the end of the run (server/test/global-setup.ts, e2e/support/global-
 * setup.ts): nothing a test writes is left in /tmp, even when the test fails before cleaning up.
 */
export const scratchDir = (prefix: string) => mkdtempSync(join(inject('testScratchDir'), prefix));

/**
 * A scratch DATA_DIR whose embedded database already holds the migrated schema (the run's snapshot,
 * server/test/global-setup.ts): a server spawned on it skips initdb and the migrations (~5 s on a
 * busy machine) and starts as on any later start. For tests about what a running server does;
 * a first start on an empty directory keeps its own tests (main.pglite.test.ts, the CLIs').
 */
export function migratedDataDir(prefix: string) {
  const dir = scratchDir(prefix);
  const snapshot = inject('pgliteSnapshotPath');
  if (snapshot) {
    mkdirSync(join(dir, 'db'));
    // tar says it drops the names' leading '/' (the snapshot's own layout): not worth a line.
    execFileSync('tar', ['-xf', snapshot, '-C', join(dir, 'db')], { stdio: 'ignore' });
  }
  return dir;
}
