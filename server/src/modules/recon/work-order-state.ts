import type { TaskStatus, WorkOrderStatus } from '@contracts/work-order-texts';
import { WORK_ORDER_TEXT } from '@contracts/work-order-texts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transactions, vehicles, workOrderPhotos, workOrders, workOrderTasks } from '../../db/schema';
import { vehicleNameColumns } from '../../db/vehicle-columns';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import { writeAudit } from '../audit/write-audit';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import { workOrderDoneMessage, workOrderStartedMessage } from '../notifications/work-order-messages';

type WorkOrderRow = typeof workOrders.$inferSelect;

export const isFinishedTask = (status: string) => status === 'done' || status === 'not_needed';

/** Who changed a task, as the row keeps it ('admin:3', 'staff:'). */
export const actorLabel = (actor: Actor) => `${actor.type}:${actor.id ?? ''}`;

/**
 * A work order locked for a change (the one lock every change of it and its tasks takes). A done or
 * cancelled one refuses every change: its work is final.
 */
export async function lockOpenWorkOrder(tx: Executor, id: number): Promise<WorkOrderRow> {
  const [row] = await tx.select().from(workOrders).where(eq(workOrders.id, id)).for('update');
  if (!row) throw notFound(WORK_ORDER_TEXT.notFound);
  if (row.status === 'done') throw conflict(WORK_ORDER_TEXT.done);
  if (row.status === 'cancelled') throw conflict(WORK_ORDER_TEXT.cancelled);
  return row;
}

/** The state its tasks give: done when every task is done or not needed, in progress once one moved. */
function statusFrom(current: WorkOrderStatus, tasks: readonly { status: string }[]): WorkOrderStatus {
  if (tasks.length > 0 && tasks.every((t) => isFinishedTask(t.status))) return 'done';
  if (current === 'in_progress' || tasks.some((t) => (t.status as TaskStatus) !== 'to_do'))
    return 'in_progress';
  return 'to_do';
}

/**
 * After a change to a work order's tasks or photos, in the same DB transaction: its state follows
 * its tasks (first task started → in progress with startedAt; all done or not needed → done with
 * doneAt), its updated_at moves (the row's trigger is the dealership's live event), a new state is
 * audited and the dealer told through the outbox.
 */
export async function settleWorkOrder(tx: Executor, row: WorkOrderRow, actor: Actor) {
  const tasks = await tx
    .select({ status: workOrderTasks.status })
    .from(workOrderTasks)
    .where(eq(workOrderTasks.workOrderId, row.id));
  const status = statusFrom(row.status as WorkOrderStatus, tasks);
  const [after] = await tx
    .update(workOrders)
    .set({
      status,
      updatedAt: sql`now()`,
      ...(status !== 'to_do' && !row.startedAt ? { startedAt: sql`now()` } : {}),
      ...(status === 'done' ? { doneAt: sql`now()` } : {}),
    })
    .where(eq(workOrders.id, row.id))
    .returning();
  if (status === row.status) return after!;
  await writeAudit(tx, actor, {
    entity: 'work_order',
    entityId: row.id,
    action: status === 'done' ? 'done' : 'started',
    before: { status: row.status },
    after: { status },
  });
  // A bought-back car's work order is the marketplace's own: the dealer who returned it is not told.
  if (row.claimId !== null) return after!;
  const facts = await workOrderFactsOf(tx, after!, tasks);
  const to = [{ dealerId: row.dealerId, contact: 'main' as const }];
  if (status === 'in_progress')
    await enqueueNotifications(tx, [
      { event: 'work_order_started', entityId: row.id, to, message: workOrderStartedMessage(facts) },
    ]);
  if (status === 'done') {
    const [photos] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(workOrderPhotos)
      .innerJoin(workOrderTasks, eq(workOrderTasks.id, workOrderPhotos.taskId))
      .where(and(eq(workOrderTasks.workOrderId, row.id), eq(workOrderPhotos.stage, 'after')));
    const [sale] = await tx
      .select({ createdAt: transactions.createdAt })
      .from(transactions)
      .where(eq(transactions.id, row.transactionId));
    const minutes = Math.round((after!.doneAt!.getTime() - sale!.createdAt.getTime()) / 60_000);
    await enqueueNotifications(tx, [
      {
        event: 'work_order_done',
        entityId: row.id,
        to,
        message: workOrderDoneMessage({
          ...facts,
          afterPhotos: Number(photos?.count ?? 0),
          saleToReadyMinutes: Math.max(0, minutes),
        }),
      },
    ]);
  }
  return after!;
}

/** What a work order message names: the car, the sale, the package, the promise, the progress. */
export async function workOrderFactsOf(
  tx: Executor,
  row: WorkOrderRow,
  tasks: readonly { status: string }[],
) {
  const [vehicle] = await tx
    .select({
      id: vehicles.id,
      ...vehicleNameColumns,
      price: vehicles.price,
    })
    .from(vehicles)
    .where(eq(vehicles.id, row.vehicleId));
  return {
    vehicle: vehicle!,
    transactionId: row.transactionId,
    workOrderId: row.id,
    packageName: row.packageName,
    promisedOn: row.promisedOn,
    done: tasks.filter((t) => isFinishedTask(t.status)).length,
    total: tasks.length,
  };
}
