import { formatCount } from '@contracts/number-format';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { type JobTiming, registerJob } from '../lib/jobs';
import { DEMO_HISTORY, growDemoSalesHistory } from './demo-sales-history';

/**
 * Soon after the server listens (the first start has written what the screens need at once), then
 * every 10 minutes: a run with the total held is two small reads, and a start stopped half-way is
 * resumed within one interval.
 */
const DEFAULT_TIMING: JobTiming = { firstRunDelayMs: 1000, intervalMs: 10 * 60_000 };

/**
 * The "demo-history" job (issue #47, docs/features/market-guide.md, "How large the first start's
 * history is"): grows the demo's sales history from the first start's DEMO_HISTORY.count to `total`
 * (DEMO_HISTORY_SALES) in small transactions that let requests through, says how far it got in the
 * admin's list of jobs, and refreshes the guide's facts and refits it once the total is held. Where
 * the demo was not seeded, or the total is held, a run writes nothing. A closing app stops it
 * between two parts; the next run resumes. Registered only when the demo is seeded and `total` is
 * larger than the first start's history.
 */
export function scheduleDemoHistory(
  app: FastifyInstance,
  db: Database,
  total: number,
  timing = DEFAULT_TIMING,
) {
  if (total <= DEMO_HISTORY.count) return;
  registerJob(app, db, {
    name: 'demo-history',
    label: `Demo sales history: grown to ${formatCount(total)} cars sold after the first start`,
    ...timing,
    run: async ({ progress, closing }) => {
      const done = await growDemoSalesHistory(db, total, {
        stop: closing,
        onPart: (held) => progress(`${formatCount(held)} of ${formatCount(total)} cars sold written`),
      });
      if (!done.demo) await progress('No demo history in this database: nothing to add');
      else if (done.stopped)
        await progress(
          `${formatCount(done.total)} of ${formatCount(total)} cars sold written; stopped as the server closed, the next run goes on`,
        );
      else if (done.sales === 0) await progress(`${formatCount(done.total)} cars sold held: nothing to add`);
      else
        await progress(
          `${formatCount(done.total)} of ${formatCount(total)} cars sold written; the market guide refreshed and refitted`,
        );
      return done;
    },
    failure: 'demo history job failed',
    report: (done) => {
      if (done.sales > 0) app.log.info(done, 'demo history grown');
    },
  });
}
