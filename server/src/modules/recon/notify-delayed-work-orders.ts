import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { auditLog, transactions, workOrders, workOrderTasks } from '../../db/schema';
import { registerJob } from '../../lib/jobs';
import { writeAudit } from '../audit/write-audit';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import { workOrderDelayedMessage } from '../notifications/work-order-messages';
import { workOrderFactsOf } from './work-order-state';
import { pastPromise } from './work-order-views';

const SYSTEM = { type: 'system' as const, id: null };

/**
 * Tells each dealership, once per work order, that its car's reconditioning is still open past the
 * promised day (in the sale terms' time zone): the message goes through the outbox and the audit
 * row 'delayed' marks it told, both in one DB transaction per work order (a row being changed is
 * skipped and told on the next pass). Answers how many were told.
 */
export async function notifyDelayedWorkOrders(db: Database): Promise<number> {
  const due = await db
    .select({ id: workOrders.id })
    .from(workOrders)
    .innerJoin(transactions, eq(transactions.id, workOrders.transactionId))
    .where(
      and(
        pastPromise,
        // A buyback's work order is ours: no dealer to tell.
        isNull(workOrders.claimId),
        sql`not exists (select 1 from audit_log a
          where a.entity = 'work_order' and a.entity_id = ${workOrders.id} and a.action = 'delayed')`,
      ),
    );
  let told = 0;
  for (const { id } of due) {
    told += await db.transaction(async (tx) => {
      const [row] = await tx.select().from(workOrders).where(eq(workOrders.id, id)).for('update', {
        skipLocked: true,
      });
      if (!row || (row.status !== 'to_do' && row.status !== 'in_progress')) return 0;
      // Another instance's pass may have told it between the query above and this lock.
      const [told] = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(eq(auditLog.entity, 'work_order'), eq(auditLog.entityId, id), eq(auditLog.action, 'delayed')),
        );
      if (told) return 0;
      const tasks = await tx
        .select({ status: workOrderTasks.status })
        .from(workOrderTasks)
        .where(eq(workOrderTasks.workOrderId, id));
      const facts = await workOrderFactsOf(tx, row, tasks);
      await enqueueNotifications(tx, [
        {
          event: 'work_order_delayed',
          entityId: id,
          to: [{ dealerId: row.dealerId, contact: 'main' }],
          message: workOrderDelayedMessage(facts),
        },
      ]);
      await writeAudit(tx, SYSTEM, {
        entity: 'work_order',
        entityId: id,
        action: 'delayed',
        after: { promisedOn: row.promisedOn, done: facts.done, total: facts.total },
      });
      return 1;
    });
  }
  return told;
}

/** The "delayed-work-orders" job: every 10 minutes (and shortly after start), delayed work orders told. */
export function scheduleDelayedWorkOrderCheck(app: FastifyInstance, db: Database) {
  registerJob(app, db, {
    name: 'delayed-work-orders',
    label: 'Work orders past their promised day: the dealer told once',
    firstRunDelayMs: 45_000,
    intervalMs: 10 * 60_000,
    run: () => notifyDelayedWorkOrders(db),
    failure: 'delayed work order check failed',
    report: (told) => {
      if (told > 0) app.log.info({ told }, 'delayed work orders told');
    },
  });
}
