import { dateInZone } from '@contracts/business-days';
import {
  type ConfirmDeliveryBody,
  confirmDeliveryBodySchema,
  DELIVERY_TEXT,
  TRANSPORT_STATUS_RANK,
  TRANSPORT_STATUSES,
  type UpdateTransportOrderBody,
  updateTransportOrderBodySchema,
} from '@contracts/delivery';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { transactionEvents, transportOrders } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import { writeAudit } from '../audit/write-audit';
import { enqueueIntegration } from '../integrations/integration-outbox';
import { assertReconFinished } from '../recon/release-gate';
import { assertReleasable, checkStepPhotos } from '../transactions/sale-events';
import { saleStatesOf } from '../transactions/sale-timeline';
import { lockLiveOrder, lockOwnSale, recordTransportStatus } from './transport-orders';

/**
 * The buying dealer confirms the delivery (DESIGN.md §15): the odometer at arrival and photos they
 * uploaded. Once the carrier picked the car up; once per sale. If the carrier has not reported the
 * delivery yet, this is the delivery: the guarantee runs from today.
 */
export function confirmDelivery(
  db: Database,
  transactionId: number,
  body: ConfirmDeliveryBody,
  actor: Actor,
) {
  const input = confirmDeliveryBodySchema.parse(body);
  return withRetries(() =>
    db.transaction(async (tx) => {
      const sale = await lockOwnSale(tx, transactionId, actor);
      if (sale.cancelled) throw conflict(DELIVERY_TEXT.saleCancelled);
      const [state] = await saleStatesOf(tx, [sale]);
      if (state!.deliveryConfirmation) throw conflict(DELIVERY_TEXT.alreadyConfirmed);
      const status = state!.transport?.status;
      if (!status || !['picked_up', 'in_transit', 'delivered'].includes(status))
        throw conflict(DELIVERY_TEXT.notArrived);
      await checkStepPhotos(tx, input.photoIds, actor, DELIVERY_TEXT.bolPhotoUnknown);
      const on = dateInZone(new Date(), sale.terms.timeZone);
      await tx.insert(transactionEvents).values({
        transactionId: sale.id,
        dealerId: sale.dealerId,
        type: 'delivery_confirmed',
        data: {
          orderId: state!.transport!.orderId,
          on,
          odometer: input.odometer,
          photoIds: input.photoIds,
          note: input.note,
        },
        actorType: actor.type,
        actorId: actor.id,
      });
      await writeAudit(tx, actor, {
        entity: 'transaction',
        entityId: sale.id,
        action: 'delivery_confirmed',
        after: { on, odometer: input.odometer, photos: input.photoIds.length },
      });
      return sale.id;
    }),
  );
}

/**
 * An admin moves a transport (DESIGN.md §15): a team-arranged one forward through its steps (never
 * back; picking up needs the sale releasable and its reconditioning done), or any one cancelled
 * before pickup, which takes its charge off the sale and, at a carrier, cancels it there (JSON
 * merge-patch through the outbox).
 */
export function updateTransportOrder(
  db: Database,
  orderId: number,
  body: UpdateTransportOrderBody,
  actor: Actor,
) {
  const input = updateTransportOrderBodySchema.parse(body);
  return withRetries(() =>
    db.transaction(async (tx) => {
      const [found] = await tx.select().from(transportOrders).where(eq(transportOrders.id, orderId));
      if (!found) throw notFound(DELIVERY_TEXT.orderNotFound);
      const sale = await lockOwnSale(tx, found.transactionId, actor);
      const order = await lockLiveOrder(tx, sale.id);
      if (!order || order.id !== orderId) throw conflict(DELIVERY_TEXT.notCancellable);
      if (input.status === 'cancelled') {
        if (TRANSPORT_STATUS_RANK[order.status] >= TRANSPORT_STATUS_RANK.picked_up)
          throw conflict(DELIVERY_TEXT.notCancellable);
        const [state] = await saleStatesOf(tx, [sale]);
        await tx
          .update(transportOrders)
          .set({ status: 'cancelled', updatedAt: new Date() })
          .where(eq(transportOrders.id, order.id));
        await tx.insert(transactionEvents).values({
          transactionId: sale.id,
          dealerId: sale.dealerId,
          type: 'transport_cancelled',
          data: { orderId: order.id, amount: state!.transport?.price ?? '0.00', reason: input.note ?? '' },
          actorType: actor.type,
          actorId: actor.id,
        });
        if (order.arrangedBy === 'carrier' && order.status !== 'awaiting_release')
          await enqueueIntegration(tx, {
            target: 'carrier',
            action: 'update_order',
            entityId: order.id,
            key: `transport-${order.id}-cancel`,
            payload: { status: 'canceled', cancel_reason: input.note ?? 'Cancelled by the marketplace' },
          });
        await writeAudit(tx, actor, {
          entity: 'transport_order',
          entityId: order.id,
          action: 'cancelled',
          before: { status: order.status },
          after: { status: 'cancelled', reason: input.note ?? null },
        });
        return order.id;
      }
      if (order.arrangedBy !== 'team') throw conflict(DELIVERY_TEXT.manualOnly);
      if (order.status === 'awaiting_release') throw conflict(DELIVERY_TEXT.releaseFirst);
      if (TRANSPORT_STATUS_RANK[input.status] <= TRANSPORT_STATUS_RANK[order.status])
        throw conflict(
          DELIVERY_TEXT.statusBackwards(TRANSPORT_STATUSES[order.status], TRANSPORT_STATUSES[input.status]),
        );
      if (input.status !== 'assigned') {
        // The car leaves our lot: the release rule holds here as for a gate pass.
        const [state] = await saleStatesOf(tx, [sale]);
        if (TRANSPORT_STATUS_RANK[order.status] < TRANSPORT_STATUS_RANK.picked_up) {
          assertReleasable(state!);
          await assertReconFinished(tx, sale.id);
        }
      }
      await recordTransportStatus(
        tx,
        order,
        input.status,
        { eta: input.eta ?? null, carrierName: input.carrierName ?? null, note: input.note ?? null },
        { type: 'admin', id: actor.id },
      );
      return order.id;
    }),
  );
}

/** Bill of lading photos (uploaded by this admin through tus) on a transport, kept with the sale. */
export function attachBillOfLading(db: Database, orderId: number, photoIds: number[], actor: Actor) {
  return withRetries(() =>
    db.transaction(async (tx) => {
      const [order] = await tx.select().from(transportOrders).where(eq(transportOrders.id, orderId));
      if (!order) throw notFound(DELIVERY_TEXT.orderNotFound);
      const sale = await lockOwnSale(tx, order.transactionId, actor);
      await checkStepPhotos(tx, photoIds, actor, DELIVERY_TEXT.bolPhotoUnknown);
      await tx.insert(transactionEvents).values({
        transactionId: sale.id,
        dealerId: sale.dealerId,
        type: 'bol_attached',
        data: { orderId, photoIds },
        actorType: actor.type,
        actorId: actor.id,
      });
      await writeAudit(tx, actor, {
        entity: 'transport_order',
        entityId: orderId,
        action: 'bol_attached',
        after: { photoIds },
      });
      return orderId;
    }),
  );
}
