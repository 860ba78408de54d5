import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client';
import { type JobTiming, registerJob } from '../../lib/jobs';
import { type HousekeepingPlaces, runHousekeeping } from './run-housekeeping';

/** The first run waits until start-up traffic (bootstrap, first requests) is over. */
const DEFAULT_TIMING: JobTiming = { firstRunDelayMs: 30_000, intervalMs: 10 * 60_000 };

/**
 * The "housekeeping" job: shortly after start and then every 10 minutes, on one instance at a time
 * (its lease; the advisory lock inside stays for callers outside the job). A failed run is a
 * warning and is retried (server/src/lib/jobs.ts).
 */
export function scheduleHousekeeping(
  app: FastifyInstance,
  database: DbHandle,
  where: HousekeepingPlaces,
  timing = DEFAULT_TIMING,
) {
  registerJob(app, database.db, {
    name: 'housekeeping',
    label: 'Housekeeping: expired sessions, old rate-limit windows and idempotency keys, abandoned uploads',
    ...timing,
    run: () => runHousekeeping(database, where),
    failure: 'housekeeping pass failed',
    report: (deleted) => {
      if (deleted && Object.values(deleted).some((n) => n > 0))
        app.log.info({ deleted }, 'housekeeping pass deleted stale data');
    },
  });
}
