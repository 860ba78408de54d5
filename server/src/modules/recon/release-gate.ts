import { reconNotFinishedText } from '@contracts/work-order-texts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { workOrders, workOrderTasks } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { conflict } from '../../lib/app-error';
import { writeAudit } from '../audit/write-audit';
import { isFinishedTask } from './work-order-state';

/**
 * The release waits for the reconditioning (issue #31): pickup, gate pass and transport are refused
 * while the sale's work order is open, saying how much is left. A sale without one, or whose work
 * order is done (or cancelled with it), is not held. A done work order changes no more, so the
 * answer cannot go stale within the caller's transaction.
 */
export async function assertReconFinished(tx: Executor, transactionId: number) {
  const [order] = await tx
    .select({ id: workOrders.id, status: workOrders.status })
    .from(workOrders)
    .where(and(eq(workOrders.transactionId, transactionId), isNull(workOrders.claimId)));
  if (!order || order.status === 'done' || order.status === 'cancelled') return;
  const tasks = await tx
    .select({ status: workOrderTasks.status })
    .from(workOrderTasks)
    .where(eq(workOrderTasks.workOrderId, order.id));
  const left = tasks.filter((t) => !isFinishedTask(t.status)).length;
  throw conflict(reconNotFinishedText(left, tasks.length));
}

/** A cancelled sale's work order stops with it (inside the cancellation's DB transaction). */
export async function cancelWorkOrder(tx: Executor, transactionId: number, actor: Actor) {
  const [order] = await tx
    .update(workOrders)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(
      and(
        eq(workOrders.transactionId, transactionId),
        isNull(workOrders.claimId),
        inArray(workOrders.status, ['to_do', 'in_progress']),
      ),
    )
    .returning({ id: workOrders.id });
  if (!order) return;
  await writeAudit(tx, actor, {
    entity: 'work_order',
    entityId: order.id,
    action: 'cancelled',
    after: { status: 'cancelled', transactionId },
  });
}
