import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * A new directory for a test's files inside the run's scratch directory, which the project's global
 * setup makes and removes at the end of the run (server/test/global-setup.ts, e2e/support/global-
 * setup.ts): nothing a test writes is left in /tmp, even when the test fails before cleaning up.
 */
export const scratchDir = (prefix: string) => mkdtempSync(join(inject('testScratchDir'), prefix));
