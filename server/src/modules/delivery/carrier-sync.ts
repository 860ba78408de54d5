import { DELIVERY_TEXT, TRANSPORT_STATUS_RANK, type TransportStatus } from '@contracts/delivery';
import { ERROR_CODES } from '@contracts/errors';
import { z } from '@contracts/zod';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { integrationEvents, transactionEvents, transportOrders } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import type { IntegrationHandler } from '../integrations/integration-outbox';
import type { CarrierApi, CarrierOrder } from './carrier-api';
import { lockOwnSale, recordTransportStatus } from './transport-orders';

/** What the carrier's webhook sends (Super Dispatch-style event names), the fields we read. */
const carrierEventSchema = z.object({
  event_id: z.string().min(1).max(200),
  action: z.enum([
    'order.assigned',
    'order.picked_up',
    'order.in_transit',
    'order.delivered',
    'order.eta_updated',
  ]),
  occurred_at: z.iso.datetime({ offset: true }),
  order: z.object({
    guid: z.string().min(1).max(200),
    number: z.string().max(100).nullish(),
    status: z.string().max(40).nullish(),
    carrier: z.object({ name: z.string().max(120).nullish() }).nullish(),
    eta: z.iso.datetime({ offset: true }).nullish(),
    bol_url: z.url().max(1000).nullish(),
  }),
});

const STATUS_OF: Record<string, TransportStatus | null> = {
  'order.assigned': 'assigned',
  'order.picked_up': 'picked_up',
  'order.in_transit': 'in_transit',
  'order.delivered': 'delivered',
  'order.eta_updated': null,
};

export type CarrierEventResult = { applied: boolean; duplicate: boolean; orderId: number };

/**
 * Applies one signed carrier webhook (docs/design.md §15) in one DB transaction. Each event is kept once
 * (its id is unique: a duplicate is answered as done and changes nothing). A status moves the order
 * forward only: a report that arrives after a later one (out of order) joins the history in its
 * place and leaves the status where it is; an ETA counts only if newer than the latest report.
 * An unknown order or a body we do not understand is refused (404 / 400) and changes nothing.
 */
export async function applyCarrierEvent(db: Database, body: unknown): Promise<CarrierEventResult> {
  const parsed = carrierEventSchema.safeParse(body);
  if (!parsed.success) throw badRequest(DELIVERY_TEXT.webhookBody);
  const event = parsed.data;
  const [known] = await db
    .select({ id: transportOrders.id, transactionId: transportOrders.transactionId })
    .from(transportOrders)
    .where(eq(transportOrders.carrierGuid, event.order.guid));
  if (!known) throw notFound(DELIVERY_TEXT.webhookUnknownOrder);
  return withRetries(() =>
    db.transaction(async (tx) => {
      await lockOwnSale(tx, known.transactionId, { type: 'system', id: null });
      const [order] = await tx
        .select()
        .from(transportOrders)
        .where(eq(transportOrders.id, known.id))
        .for('update');
      const occurredAt = new Date(event.occurred_at);
      const status = STATUS_OF[event.action] ?? null;
      const current = order!.status;
      const newer = !order!.lastReportAt || occurredAt > order!.lastReportAt;
      const moves =
        current !== 'cancelled' &&
        (status === null
          ? newer
          : TRANSPORT_STATUS_RANK[status] > TRANSPORT_STATUS_RANK[current] || (status === current && newer));
      const [kept] = await tx
        .insert(integrationEvents)
        .values({
          source: 'carrier',
          eventId: event.event_id,
          entityId: order!.id,
          action: event.action,
          occurredAt,
          payload: event,
          applied: moves,
        })
        .onConflictDoNothing()
        .returning({ id: integrationEvents.id });
      if (!kept) return { applied: false, duplicate: true, orderId: order!.id };
      const report = {
        at: occurredAt,
        eta: event.order.eta ?? null,
        carrierName: event.order.carrier?.name ?? null,
        carrierReference: event.order.number ?? null,
        bolUrl: event.order.bol_url ?? null,
      };
      if (moves) {
        await recordTransportStatus(tx, order!, status ?? current, report, { type: 'carrier', id: null });
      } else if (status && current !== 'cancelled') {
        // A late report of an earlier step: into the history (once), the status stays.
        const [seen] = await tx
          .select({ id: transactionEvents.id })
          .from(transactionEvents)
          .where(
            and(
              eq(transactionEvents.transactionId, order!.transactionId),
              eq(transactionEvents.type, 'transport_status'),
              sql`${transactionEvents.data} ->> 'status' = ${status}`,
              sql`(${transactionEvents.data} ->> 'orderId')::int = ${order!.id}`,
            ),
          );
        if (!seen)
          await recordTransportStatus(tx, order!, status, report, { type: 'carrier', id: null }, false);
      }
      return { applied: moves, duplicate: false, orderId: order!.id };
    }),
  );
}

/** The outbox's carrier handlers: create the order (once), send a merge-patch update. */
export function carrierHandlers(db: Database, api: CarrierApi): Record<string, IntegrationHandler> {
  return {
    'carrier.create_order': async (row) => {
      const [order] = await db.select().from(transportOrders).where(eq(transportOrders.id, row.entityId));
      if (!order) return 'skipped: no such order';
      if (order.status === 'cancelled') return 'skipped: cancelled before it was sent';
      if (order.carrierGuid) return `already created: ${order.carrierGuid}`;
      const created = await api.createOrder(row.payload as unknown as CarrierOrder, row.idempotencyKey);
      await db
        .update(transportOrders)
        .set({ carrierGuid: created.guid, carrierNumber: created.number, updatedAt: new Date() })
        .where(eq(transportOrders.id, order.id));
      return `created ${created.guid} (${created.number})`;
    },
    'carrier.update_order': async (row) => {
      const [order] = await db.select().from(transportOrders).where(eq(transportOrders.id, row.entityId));
      if (!order) return 'skipped: no such order';
      // Not created at the carrier yet (its create row is still queued or failing): try again later.
      if (!order.carrierGuid) {
        if (order.status === 'cancelled') return 'skipped: never created at the carrier';
        throw new AppError(ERROR_CODES.conflict, 'the order is not created at the carrier yet');
      }
      await api.patchOrder(order.carrierGuid, row.payload, row.idempotencyKey);
      return `patched ${order.carrierGuid}`;
    },
  };
}

/** The order the carrier guid names (tests and the webhook's log). */
export const orderOfGuid = async (db: Database, guid: string) =>
  (await db.select().from(transportOrders).where(eq(transportOrders.carrierGuid, guid)))[0] ?? null;
