import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { workOrderTasks } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { withRetries } from '../../lib/db-errors';
import { writeAudit } from '../audit/write-audit';
import { actorLabel, lockOpenWorkOrder, settleWorkOrder } from './work-order-state';
import { getWorkOrderView } from './work-order-views';

/** POST /api/work-orders/:id/tasks (staff, admins): a task the shop found, last in the list. */
export function addWorkOrderTask(db: Database, id: number, body: { title: string }, actor: Actor) {
  return withRetries(() =>
    db.transaction(async (tx) => {
      const order = await lockOpenWorkOrder(tx, id);
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${workOrderTasks.position}), -1)::int` })
        .from(workOrderTasks)
        .where(eq(workOrderTasks.workOrderId, id));
      const [task] = await tx
        .insert(workOrderTasks)
        .values({
          workOrderId: id,
          position: Number(last?.position ?? -1) + 1,
          source: 'added',
          title: body.title,
          updatedBy: actorLabel(actor),
        })
        .returning({ id: workOrderTasks.id });
      await writeAudit(tx, actor, {
        entity: 'work_order',
        entityId: id,
        action: 'task_added',
        after: { taskId: task!.id, title: body.title },
      });
      await settleWorkOrder(tx, order, actor);
      return (await getWorkOrderView(tx, id))!;
    }),
  );
}
