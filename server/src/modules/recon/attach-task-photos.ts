import { MAX_TASK_PHOTOS, type PhotoStage, WORK_ORDER_TEXT } from '@contracts/work-order-texts';
import { and, eq, inArray, isNull, notLike, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vehiclePhotos, workOrderPhotos, workOrderTasks } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import { writeAudit } from '../audit/write-audit';
import { lockOpenWorkOrder, settleWorkOrder } from './work-order-state';
import { getWorkOrderView } from './work-order-views';

/**
 * POST /api/work-orders/:id/tasks/:taskId/photos (staff, admins): before or after photos uploaded
 * through the photo pipeline (tus, checked by content, variants). Only a processed photo that is
 * on no vehicle, in no claim and on no other task, uploaded by staff or an admin, may be attached;
 * anything else is refused and nothing changes. The photo rows stay without a vehicle: the
 * housekeeping keeps those a task holds.
 */
export function attachTaskPhotos(
  db: Database,
  id: number,
  taskId: number,
  body: { stage: PhotoStage; photoIds: number[] },
  actor: Actor,
) {
  return withRetries(() =>
    db.transaction(async (tx) => {
      const order = await lockOpenWorkOrder(tx, id);
      const [task] = await tx
        .select({ id: workOrderTasks.id })
        .from(workOrderTasks)
        .where(and(eq(workOrderTasks.id, taskId), eq(workOrderTasks.workOrderId, id)));
      if (!task) throw notFound(WORK_ORDER_TEXT.taskNotFound);
      const free = await tx
        .select({ id: vehiclePhotos.id })
        .from(vehiclePhotos)
        .where(
          and(
            inArray(vehiclePhotos.id, body.photoIds),
            isNull(vehiclePhotos.vehicleId),
            // A dealer's upload is evidence for a claim, never the shop's work.
            notLike(vehiclePhotos.uploadedBy, 'dealer:%'),
            sql`not exists (select 1 from work_order_photos w where w.photo_id = ${vehiclePhotos.id})`,
            sql`not exists (select 1 from transaction_events e
              where e.data -> 'photoIds' @> to_jsonb(${vehiclePhotos.id}))`,
          ),
        )
        .for('update');
      if (free.length !== body.photoIds.length) throw badRequest(WORK_ORDER_TEXT.photoUnknown);
      const [held] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(workOrderPhotos)
        .where(eq(workOrderPhotos.taskId, taskId));
      if (Number(held?.count ?? 0) + body.photoIds.length > MAX_TASK_PHOTOS)
        throw conflict(WORK_ORDER_TEXT.tooManyPhotos);
      await tx
        .insert(workOrderPhotos)
        .values(body.photoIds.map((photoId) => ({ photoId, taskId, stage: body.stage })));
      await writeAudit(tx, actor, {
        entity: 'work_order',
        entityId: id,
        action: 'photos_added',
        after: { taskId, stage: body.stage, photoIds: body.photoIds },
      });
      await settleWorkOrder(tx, order, actor);
      return (await getWorkOrderView(tx, id))!;
    }),
  );
}
