import { WORK_ORDER_TEXT } from '@contracts/work-order-texts';
import type { TaskChanges } from '@contracts/work-orders';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { workOrderTasks } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { badRequest, notFound } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import { writeAudit } from '../audit/write-audit';
import { actorLabel, lockOpenWorkOrder, settleWorkOrder } from './work-order-state';
import { getWorkOrderView } from './work-order-views';

/**
 * PATCH /api/work-orders/:id/tasks/:taskId (staff, admins): a task's status (not needed says why),
 * parts and labour cost, notes. The work order's state follows in the same DB transaction; a done
 * or cancelled work order refuses. Answers the whole work order.
 */
export function updateWorkOrderTask(
  db: Database,
  id: number,
  taskId: number,
  body: TaskChanges,
  actor: Actor,
) {
  return withRetries(() =>
    db.transaction(async (tx) => {
      const order = await lockOpenWorkOrder(tx, id);
      const [task] = await tx
        .select()
        .from(workOrderTasks)
        .where(and(eq(workOrderTasks.id, taskId), eq(workOrderTasks.workOrderId, id)));
      if (!task) throw notFound(WORK_ORDER_TEXT.taskNotFound);
      const status = body.status ?? task.status;
      const reason =
        status === 'not_needed'
          ? (body.notNeededReason ?? (body.status ? '' : task.notNeededReason) ?? '')
          : null;
      if (status === 'not_needed' && !reason?.trim()) throw badRequest(WORK_ORDER_TEXT.reasonRequired);
      const changes = {
        ...(body.status !== undefined ? { status: body.status } : {}),
        ...(reason !== task.notNeededReason ? { notNeededReason: reason } : {}),
        ...(body.partsCost !== undefined ? { partsCost: body.partsCost } : {}),
        ...(body.labourCost !== undefined ? { labourCost: body.labourCost } : {}),
        ...(body.notes !== undefined ? { notes: body.notes } : {}),
      };
      await tx
        .update(workOrderTasks)
        .set({ ...changes, updatedBy: actorLabel(actor), updatedAt: sql`now()` })
        .where(eq(workOrderTasks.id, taskId));
      const before = Object.fromEntries(Object.keys(changes).map((k) => [k, task[k as keyof typeof task]]));
      await writeAudit(tx, actor, {
        entity: 'work_order',
        entityId: id,
        action: 'task_updated',
        before: { taskId, ...before },
        after: { taskId, ...changes },
      });
      await settleWorkOrder(tx, order, actor);
      return (await getWorkOrderView(tx, id))!;
    }),
  );
}
