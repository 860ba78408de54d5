import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './vitest.sequencer';

const root = import.meta.dirname;
const DATABASE_TESTS_ONLY = process.env.DATABASE_TESTS_ONLY === 'true';
const alias = { '@contracts': `${root}/contracts`, '@': `${root}/web/src` };

export default defineConfig({
  resolve: { alias },
  test: {
    // One worker per core, not Vitest's default of cores − 1 (one worker on a 2-core machine): the
    // tests spend much of their time waiting on spawned servers, PostgreSQL and the browser (ADR
    // 0021). `--maxWorkers` overrides; E2E_SERIAL=true runs the journeys one file at a time.
    maxWorkers: availableParallelism(),
    // The longest files first, also in a fresh clone that has no cached durations (vitest.sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          // DATABASE_TESTS_ONLY=true (CI's PostgreSQL stage) runs only the tests a second database
          // can change: the server's, without the contracts' and the web's pure functions and
          // without *.pglite.test.ts (the embedded database itself: npm start, backups, crash and
          // load tests on DATA_DIR), which use PGlite whatever TEST_DATABASE_URL says (ADR 0021).
          include: DATABASE_TESTS_ONLY
            ? ['server/**/*.test.ts']
            : ['contracts/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.ts'],
          // Multi-instance race tests need a real PostgreSQL server; they run whenever one is given.
          exclude: [
            ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts']),
            ...(DATABASE_TESTS_ONLY ? ['**/*.pglite.test.ts'] : []),
          ],
          globalSetup: ['server/test/global-setup.ts'],
          // A worker keeps the modules it has loaded from one test file to the next (the server's
          // graph, PGlite, sharp, the AWS SDK): each file used to spend ~1.1 s importing them again.
          // Nothing is mocked or stubbed and no test changes process.env or a shared module's state,
          // so files do not see each other; each opens its own app and database (ADR 0021).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          // Journeys across app instances need a real PostgreSQL server; they run whenever one is
          // given, beside the others, which run on PGlite either way (e2e/support/app-server.ts).
          exclude: process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each journey starts its own server (or reads the shared one, never changing it) and its
          // own browser, so files may run side by side.
          fileParallelism: process.env.E2E_SERIAL !== 'true',
          // As in the unit project: a worker keeps playwright, sharp and the helpers it loaded
          // (~1.2 s a file); each journey's own state is its file's (its server, its browser).
          isolate: false,
          // A page answers within seconds on a busy machine, not within expect.poll's default 1 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
