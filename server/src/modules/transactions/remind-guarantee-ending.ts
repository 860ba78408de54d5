import { GUARANTEE_REMINDER_DAYS } from '@contracts/guarantee';
import { and, eq, sql } from 'drizzle-orm';
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

/**
 * Reminds each dealership, once per sale, that its guarantee window closes soon: when the sale's
 * clock (guarantee-clock.ts, read through the sale's state) runs with GUARANTEE_REMINDER_DAYS
 * business days or fewer left. The message goes through the outbox with a link to the sale, and the
 * audit row 'guarantee_reminded' marks it told, both in one DB transaction per sale (a sale being
 * changed is skipped and told on the next pass). Only sales handed over in the last 6 months are
 * read (no window is longer). Answers how many were told.
 */
export async function remindGuaranteeEnding(db: Database, now = new Date()): Promise<number> {
  const candidates = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.cancelled, false),
        sql`${transactions.createdAt} > ${now.toISOString()}::timestamptz - interval '183 days'`,
        sql`exists (select 1 from transaction_events e where e.transaction_id = ${transactions.id}
          and e.type in ('picked_up', 'delivered', 'delivery_confirmed', 'delivery_accepted', 'transport_status'))`,
        sql`not ${reminded}`,
      ),
    );
  const events = await eventsOf(
    db,
    candidates.map((t) => t.id),
  );
  const due = candidates.filter((t) => {
    const { guarantee } = stateOfRow(t, events.get(t.id) ?? [], now);
    return guarantee.state === 'running' && (guarantee.daysLeft ?? 0) <= GUARANTEE_REMINDER_DAYS;
  });
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

/** The "guarantee-reminders" job: every 30 minutes (and shortly after start), dealers told their window closes soon. */
export function scheduleGuaranteeReminders(app: FastifyInstance, db: Database) {
  registerJob(app, db, {
    name: 'guarantee-reminders',
    label: 'Guarantee windows closing soon: the dealer told once per sale',
    firstRunDelayMs: 50_000,
    intervalMs: 30 * 60_000,
    run: () => remindGuaranteeEnding(db),
    failure: 'guarantee reminder check failed',
    report: (told) => {
      if (told > 0) app.log.info({ told }, 'guarantee reminders sent');
    },
  });
}
