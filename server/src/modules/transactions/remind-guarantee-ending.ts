import { GUARANTEE_REMINDER_DAYS } from '@contracts/guarantee';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { guaranteeClocksSettled, transactions } from '../../db/schema';
import { registerJob } from '../../lib/jobs';
import { writeAudit } from '../audit/write-audit';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import { guaranteeEndingMessage } from '../notifications/guarantee-messages';
import { clockIsSettled } from './guarantee-clock';
import { eventsOf, stateOfRow } from './sale-timeline';
import { saleFactsOf } from './transaction-views';

const SYSTEM = { type: 'system' as const, id: null };
/** The audit action that marks a sale's dealer reminded (once per sale). */
const REMINDED = 'guarantee_reminded';

const reminded = sql`exists (select 1 from audit_log a
  where a.entity = 'transaction' and a.entity_id = ${transactions.id} and a.action = ${REMINDED})`;

/** A clock the pass found settled with the same steps as the timeline has now (none added since). */
const settled = sql`exists (select 1 from ${guaranteeClocksSettled} s
  where s.transaction_id = ${transactions.id}
    and s.steps = (select count(*) from transaction_events e where e.transaction_id = ${transactions.id}))`;

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
 * one piece held the server's one thread for ~25 s, issue #47). A sale whose clock a pass found
 * settled (closed, or none: `clockIsSettled`) is noted with its timeline's number of steps
 * (guarantee_clocks_settled) and not read again until a step is added. Answers how many sales were
 * read and how many were told.
 */
export async function remindGuaranteeEnding(
  db: Database,
  now = new Date(),
  { part = PART, pause }: { part?: number; pause?: () => Promise<void> } = {},
): Promise<{ read: number; told: number }> {
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
        sql`not ${settled}`,
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
    const clocks = rows.map((t) => {
      const steps = events.get(t.id) ?? [];
      return { id: t.id, steps: steps.length, guarantee: stateOfRow(t, steps, now).guarantee };
    });
    const due = clocks.filter(
      ({ guarantee }) =>
        guarantee.state === 'running' && (guarantee.daysLeft ?? 0) <= GUARANTEE_REMINDER_DAYS,
    );
    await noteSettled(
      db,
      clocks.filter(({ guarantee }) => clockIsSettled(guarantee)),
    );
    told += await tellDue(db, due, now);
  }
  return { read: candidates.length, told };
}

/**
 * Notes the sales whose clocks were found settled, with the steps they were found with: a step
 * added since (even one committed after this pass read the timeline) makes the count differ, and
 * the sale is read again.
 */
async function noteSettled(
  db: Database,
  clocks: readonly { id: number; steps: number; guarantee: { state: string } }[],
) {
  if (clocks.length === 0) return;
  await db
    .insert(guaranteeClocksSettled)
    .values(clocks.map((c) => ({ transactionId: c.id, steps: c.steps, state: c.guarantee.state })))
    .onConflictDoUpdate({
      target: guaranteeClocksSettled.transactionId,
      set: {
        steps: sql`excluded.steps`,
        state: sql`excluded.state`,
        checkedAt: sql`excluded.checked_at`,
      },
    });
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
    report: ({ read, told }) => {
      if (told > 0) app.log.info({ read, told }, 'guarantee reminders sent');
    },
  });
}
