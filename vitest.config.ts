import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const alias = { '@contracts': `${root}/contracts`, '@': `${root}/web/src` };

export default defineConfig({
  resolve: { alias },
  test: {
    // One worker per core, not Vitest's default of cores − 1 (one worker on a 2-core machine): the
    // unit tests spend much of their time waiting on spawned servers and PostgreSQL (ADR 0021). The
    // journeys run one file at a time regardless (fileParallelism: false). `--maxWorkers` overrides.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['contracts/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.ts'],
          // Multi-instance race tests need a real PostgreSQL server; they run whenever one is given.
          exclude: process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          // Journeys across app instances need a real PostgreSQL server; they run whenever one is given.
          exclude: process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
