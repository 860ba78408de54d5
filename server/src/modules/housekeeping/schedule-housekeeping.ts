import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client';
import { schedulePass } from '../../lib/schedule-pass';
import { type HousekeepingPlaces, runHousekeeping } from './run-housekeeping';

/** The first pass waits until start-up traffic (bootstrap, first requests) is over. */
const DEFAULT_TIMING = { firstPassDelayMs: 30_000, intervalMs: 10 * 60_000 };

/**
 * Runs a housekeeping pass shortly after start and then every 10 minutes on every instance (the
 * advisory lock lets one of them do it). A failed pass is a warning, never a crash; the timers do
 * not keep the process alive, and closing the app waits for a pass under way.
 */
export function scheduleHousekeeping(
  app: FastifyInstance,
  database: DbHandle,
  where: HousekeepingPlaces,
  timing = DEFAULT_TIMING,
) {
  schedulePass(app, {
    run: () => runHousekeeping(database, where),
    timing,
    failure: 'housekeeping pass failed',
    report: (deleted) => {
      if (deleted && Object.values(deleted).some((n) => n > 0))
        app.log.info({ deleted }, 'housekeeping pass deleted stale data');
    },
  });
}
