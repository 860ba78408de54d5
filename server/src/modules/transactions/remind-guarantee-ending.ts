import { GUARANTEE_REMINDER_DAYS } from '@contracts/guarantee';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { transactions } from '../../db/schema';
import { registerJob } from '../../lib/jobs';
import { writeAudit } from '../audit/write-audit';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import { guaranteeEndingMessage } from '../notifications/guarantee-messages';
import { eventsOf, stateOfRow } from './sale-timeline';
import { saleFactsOf } from './transaction-views';

const SYSTEM = { type: 'system' as const, id: null };
/** The audit action that marks a sale's dealer reminded (once per sale). */
const REMINDED = 'guarantee_reminded';

const reminded = sql`exists (select 1 from audit_log a
  where a.entity = 'transaction' and a.entity_id = ${transactions.id} and a.action = ${REMINDED})`;

/** Sales read and folded per part of a pass (their rows and timelines). */
const PART = 500;

/**
 * Reminds each dealership, once per sale, that its guarantee window closes soon: when the sale's
 * clock (guarantee-clock.ts, read through the sale's state) runs with GUARANTEE_REMINDER_DAYS
 * business days or fewer left. The message goes through the outbox with a link to the sale, and the
 * audit row 'guarantee_reminded' marks it told, both in one DB transaction per sale (a sale being
 * changed is skipped and told on the next pass). Only sales handed over in the last 6 months are
 * read (no window is longer), `part` at a time with `pause` between two parts (the job lets the
 * server's requests through: at 100,000 sales a pass folds tens of thousands of timelines, which in
 * one piece held the server's one thread for ~25 s, issue #47). Answers how many were told.
 */
export async function remindGuaranteeEnding(
  db: Database,
  now = new Date(),
  { part = PART, pause }: { part?: number; pause?: () => Promise<void> } = {},
): Promise<number> {
  const candidates = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.cancelled, false),
        sql`${transactions.createdAt} > ${now.toISOString()}::timestamptz - interval '183 days'`,
        sql`exists (select 1 from transaction_events e where e.transaction_id = ${transactions.id}
          and e.type in ('picked_up', 'delivered', 'delivery_confirmed', 'delivery_accepted', 'transport_status'))`,
        sql`not ${reminded}`,
      ),
    )
    .orderBy(transactions.id);
  let told = 0;
  for (let from = 0; from < candidates.length; from += part) {
    if (from > 0) await pause?.();
    const ids = candidates.slice(from, from + part).map((c) => c.id);
    const [rows, events] = await Promise.all([
      db.select().from(transactions).where(inArray(transactions.id, ids)),
      eventsOf(db, ids),
    ]);
    const due = rows.filter((t) => {
      const { guarantee } = stateOfRow(t, events.get(t.id) ?? [], now);
      return guarantee.state === 'running' && (guarantee.daysLeft ?? 0) <= GUARANTEE_REMINDER_DAYS;
    });
    told += await tellDue(db, due, now);
  }
  return told;
}

/** Each due sale told in a DB transaction of its own, read again under its lock. */
async function tellDue(db: Database, due: readonly { id: number }[], now: Date): Promise<number> {
  let told = 0;
  for (const { id } of due) {
    told += await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, id), sql`not ${reminded}`))
        .for('update', { skipLocked: true });
      if (!row) return 0;
      // Read again under the lock: a claim, a cancellation or a late report may have changed the clock.
      const { guarantee } = stateOfRow(row, (await eventsOf(tx, [id])).get(id) ?? [], now);
      if (guarantee.state !== 'running' || !guarantee.endsOn) return 0;
      const { vehicle } = await saleFactsOf(tx, row);
      await enqueueNotifications(tx, [
        {
          event: 'guarantee_ending',
          entityId: id,
          to: [{ dealerId: row.dealerId, contact: 'main' }],
          message: guaranteeEndingMessage({
            vehicle,
            transactionId: id,
            endsOn: guarantee.endsOn,
            daysLeft: guarantee.daysLeft ?? 0,
          }),
        },
      ]);
      await writeAudit(tx, SYSTEM, {
        entity: 'transaction',
        entityId: id,
        action: REMINDED,
        after: { endsOn: guarantee.endsOn, daysLeft: guarantee.daysLeft },
      });
      return 1;
    });
  }
  return told;
}

/**
 * The "guarantee-reminders" job: every 30 minutes (and shortly after start), dealers told their
 * window closes soon; `pause` between two parts of a pass (app.ts: the jobs' letRequestsThrough).
 */
export function scheduleGuaranteeReminders(app: FastifyInstance, db: Database, pause?: () => Promise<void>) {
  registerJob(app, db, {
    name: 'guarantee-reminders',
    label: 'Guarantee windows closing soon: the dealer told once per sale',
    firstRunDelayMs: 50_000,
    intervalMs: 30 * 60_000,
    run: () => remindGuaranteeEnding(db, new Date(), { pause }),
    failure: 'guarantee reminder check failed',
    report: (told) => {
      if (told > 0) app.log.info({ told }, 'guarantee reminders sent');
    },
  });
}
