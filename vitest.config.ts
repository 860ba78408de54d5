import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './vitest.sequencer';

const root = import.meta.dirname;
const DATABASE_TESTS_ONLY = process.env.DATABASE_TESTS_ONLY === 'true';
/**
 * The tests CI runs a second time on PostgreSQL (see the unit project's `include`), each for what it
 * holds that depends on the server rather than on SQL.
 */
const POSTGRES_DEPENDENT = [
  // Several instances or connections on one database: races, the outbox across instances, tus locks.
  'server/**/*.pg.test.ts',
  // The migrations, the schema's constraints and triggers, the LISTEN/NOTIFY client.
  'server/src/db/**/*.test.ts',
  // Trigram and full-text search (pg_trgm), typo tolerance.
  'server/src/modules/vehicles/vehicle-search.test.ts',
  // LISTEN/NOTIFY: the list cache's invalidation and live events.
  'server/src/modules/vehicles/list-cache-invalidation.test.ts',
  'server/src/modules/live/live.test.ts',
  // Row locks taken by concurrent requests: attempts reserved before argon2, buyer limits and team
  // purchases, sessions revoked while in use.
  'server/src/modules/auth/code-guessing.test.ts',
  'server/src/modules/teams/session-strength.test.ts',
  'server/src/modules/purchases/team-buying.test.ts',
  // SKIP LOCKED and advisory locks: the outbox sender, housekeeping, regrading, the sheet sync.
  'server/src/modules/notifications/notifications.test.ts',
  'server/src/modules/notifications/notification-events.test.ts',
  'server/src/modules/housekeeping/housekeeping.test.ts',
  'server/src/modules/photos/regrade-vehicles.test.ts',
  'server/src/modules/sheets-sync/sheets-sync.test.ts',
  // Every feature together, random sequences: the invariants on the real server as well.
  'server/src/model/marketplace-model.test.ts',
];
// A file renamed or removed must not leave the PostgreSQL stage quietly smaller.
for (const path of POSTGRES_DEPENDENT) {
  if (!path.includes('*') && !existsSync(`${root}/${path}`)) {
    throw new Error(`vitest.config.ts: POSTGRES_DEPENDENT names ${path}, which does not exist`);
  }
}
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
          // DATABASE_TESTS_ONLY=true (CI's PostgreSQL stage) runs only the tests whose outcome can
          // depend on the database server: PGlite is PostgreSQL itself (the same SQL, types and
          // planner) in one process with one connection, so what a second server changes is what
          // needs several connections or the server's extensions: row locks and SKIP LOCKED under
          // concurrent requests, advisory locks, LISTEN/NOTIFY, trigram search, the migrations,
          // and several app instances on one database (*.pg.test.ts). Everything else runs once,
          // on PGlite (docs/testing.md).
          include: DATABASE_TESTS_ONLY
            ? POSTGRES_DEPENDENT
            : ['contracts/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.ts'],
          // Multi-instance race tests need a real PostgreSQL server; they run whenever one is given.
          // The embedded database's own tests (*.pglite.test.ts) never run in the PostgreSQL stage.
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
