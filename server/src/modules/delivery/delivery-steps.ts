import { dateInZone } from '@contracts/business-days';
import {
  type AcceptDeliveryBody,
  acceptDeliveryBodySchema,
  type ConfirmDeliveryBody,
  confirmDeliveryBodySchema,
  DELIVERY_TEXT,
  odometerHeldText,
  TRANSPORT_STATUS_LABELS,
  TRANSPORT_STATUS_RANK,
  type UpdateTransportOrderBody,
  updateTransportOrderBodySchema,
} from '@contracts/delivery';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { transactionEvents, transportOrders, vehicles } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import { writeAudit } from '../audit/write-audit';
import { deliveryHeldMessage } from '../notifications/delivery-messages';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import { assertReconFinished } from '../recon/release-gate';
import { assertReleasable, checkStepPhotos } from '../transactions/sale-events';
import { saleStatesOf, syncPaidFlag } from '../transactions/sale-timeline';
import { saleFactsOf } from '../transactions/transaction-views';
import { cancelTransport } from '../transport-cancel/cancel-transport';
import { type DeliveryConfig, lockLiveOrder, lockOwnSale, recordTransportStatus } from './transport-orders';

/**
 * The buying dealer confirms the delivery (docs/design.md §15): the odometer at arrival and photos they
 * uploaded. Once the carrier picked the car up; once per sale; dated today (the sale's time zone)
 * and timed now. It is the sale's delivery (issue #44): the transport reads delivered everywhere
 * and its order row follows, the guarantee runs from today — unless the odometer differs from the
 * bill of sale's by more than the tolerance: then it is held, with a note, for an admin to accept
 * (acceptDelivery), and the admins are told.
 */
export function confirmDelivery(
  db: Database,
  transactionId: number,
  body: ConfirmDeliveryBody,
  actor: Actor,
  config: Pick<DeliveryConfig, 'transport'>,
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
      // The bill of sale states the vehicle's mileage (bill-of-sale.ts): the arrival should agree.
      const [vehicle] = await tx
        .select({ mileage: vehicles.mileage })
        .from(vehicles)
        .where(eq(vehicles.id, sale.vehicleId));
      const billOfSale = vehicle?.mileage ?? null;
      const tolerance = config.transport.odometerToleranceMiles;
      const held = billOfSale !== null && Math.abs(input.odometer - billOfSale) > tolerance;
      const heldNote = held ? odometerHeldText(input.odometer, billOfSale, tolerance) : null;
      const orderId = state!.transport!.orderId;
      await tx.insert(transactionEvents).values({
        transactionId: sale.id,
        dealerId: sale.dealerId,
        type: 'delivery_confirmed',
        data: {
          orderId,
          on,
          odometer: input.odometer,
          photoIds: input.photoIds,
          note: input.note,
          held,
          ...(heldNote ? { heldNote, billOfSaleOdometer: billOfSale, toleranceMiles: tolerance } : {}),
        },
        actorType: actor.type,
        actorId: actor.id,
      });
      if (held) {
        const facts = await saleFactsOf(tx, sale);
        await enqueueNotifications(tx, [
          {
            event: 'delivery_held',
            entityId: sale.id,
            to: [{ admins: true }],
            message: deliveryHeldMessage({
              vehicle: facts.vehicle,
              transactionId: sale.id,
              dealerName: facts.dealerName,
              note: heldNote!,
            }),
          },
        ]);
      } else await markOrderDelivered(tx, orderId);
      await writeAudit(tx, actor, {
        entity: 'transaction',
        entityId: sale.id,
        action: 'delivery_confirmed',
        after: { on, odometer: input.odometer, photos: input.photoIds.length, held },
      });
      return sale.id;
    }),
  );
}

/** The order row follows the sale's delivery state (the board's filter, the carrier's and admin's moves read it). */
async function markOrderDelivered(tx: Executor, orderId: number) {
  await tx
    .update(transportOrders)
    .set({ status: 'delivered', updatedAt: new Date() })
    .where(
      and(eq(transportOrders.id, orderId), notInArray(transportOrders.status, ['delivered', 'cancelled'])),
    );
}

/**
 * An admin accepts a delivery confirmation held for its odometer (issue #44): the delivery counts
 * from the day the dealer confirmed it (the guarantee too), the transport reads delivered, the note
 * says why it was accepted.
 */
export function acceptDelivery(db: Database, transactionId: number, body: AcceptDeliveryBody, actor: Actor) {
  const input = acceptDeliveryBodySchema.parse(body);
  return withRetries(() =>
    db.transaction(async (tx) => {
      const sale = await lockOwnSale(tx, transactionId, actor);
      if (sale.cancelled) throw conflict(DELIVERY_TEXT.saleCancelled);
      const [state] = await saleStatesOf(tx, [sale]);
      const confirmation = state!.deliveryConfirmation;
      if (!confirmation?.held) throw conflict(DELIVERY_TEXT.noHeldConfirmation);
      await tx.insert(transactionEvents).values({
        transactionId: sale.id,
        dealerId: sale.dealerId,
        type: 'delivery_accepted',
        data: { note: input.note },
        actorType: actor.type,
        actorId: actor.id,
      });
      if (state!.transport && state!.transport.status !== 'cancelled')
        await markOrderDelivered(tx, state!.transport.orderId);
      await writeAudit(tx, actor, {
        entity: 'transaction',
        entityId: sale.id,
        action: 'delivery_accepted',
        before: { held: confirmation.note },
        after: { on: confirmation.on, note: input.note },
      });
      return sale.id;
    }),
  );
}

/**
 * An admin moves a transport (docs/design.md §15): a team-arranged one forward through its steps (never
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
        await cancelTransport(tx, sale, order, actor, input.note ?? null);
        await syncPaidFlag(tx, sale.id);
        return order.id;
      }
      if (order.arrangedBy !== 'team') throw conflict(DELIVERY_TEXT.manualOnly);
      if (order.status === 'awaiting_release') throw conflict(DELIVERY_TEXT.releaseFirst);
      if (TRANSPORT_STATUS_RANK[input.status] <= TRANSPORT_STATUS_RANK[order.status])
        throw conflict(
          DELIVERY_TEXT.statusBackwards(
            TRANSPORT_STATUS_LABELS[order.status],
            TRANSPORT_STATUS_LABELS[input.status],
          ),
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
