import { DELIVERY_TEXT, TRANSPORT_STATUS_RANK } from '@contracts/delivery';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transactionEvents, type transactions, transportOrders } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { writeAudit } from '../audit/write-audit';
import { enqueueIntegration } from '../integrations/integration-outbox';

type SaleRow = Pick<typeof transactions.$inferSelect, 'id' | 'dealerId'>;
type OrderRow = typeof transportOrders.$inferSelect;

/**
 * Cancels a sale's live transport order: the order reads cancelled, the sale's timeline takes its
 * charge back (the amount it was ordered for), and a carrier that has it is told through the
 * outbox, in the caller's transaction. The caller holds the sale's and the order's row locks.
 * Both the admin's or dealer's Cancel (modules/delivery) and a cancelled sale (modules/vehicles,
 * cancel-sale.ts) go through here, so both read and tell the same.
 */
export async function cancelTransport(
  tx: Executor,
  sale: SaleRow,
  order: OrderRow,
  actor: Actor,
  note: string | null,
) {
  const [ordered] = await tx
    .select({ amount: sql<string>`${transactionEvents.data}->>'amount'` })
    .from(transactionEvents)
    .where(
      and(
        eq(transactionEvents.transactionId, sale.id),
        eq(transactionEvents.type, 'transport_ordered'),
        sql`(${transactionEvents.data}->>'orderId')::int = ${order.id}`,
      ),
    );
  await tx
    .update(transportOrders)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(eq(transportOrders.id, order.id));
  await tx.insert(transactionEvents).values({
    transactionId: sale.id,
    dealerId: sale.dealerId,
    type: 'transport_cancelled',
    data: { orderId: order.id, amount: ordered?.amount ?? '0.00', reason: note ?? '' },
    actorType: actor.type,
    actorId: actor.id,
  });
  if (order.arrangedBy === 'carrier' && order.status !== 'awaiting_release')
    await enqueueIntegration(tx, {
      target: 'carrier',
      action: 'update_order',
      entityId: order.id,
      key: `transport-${order.id}-cancel`,
      payload: { status: 'canceled', cancel_reason: note ?? 'Cancelled by the marketplace' },
    });
  await writeAudit(tx, actor, {
    entity: 'transport_order',
    entityId: order.id,
    action: 'cancelled',
    before: { status: order.status },
    after: { status: 'cancelled', reason: note },
  });
}

/**
 * A cancelled sale takes its transport with it while the car is still at our lot: a live order not
 * yet picked up is cancelled (and the carrier told); one already on the road is left to arrive.
 */
export async function cancelTransportWithSale(tx: Executor, sale: SaleRow, actor: Actor) {
  const [order] = await tx
    .select()
    .from(transportOrders)
    .where(and(eq(transportOrders.transactionId, sale.id), ne(transportOrders.status, 'cancelled')))
    .for('update');
  if (!order || TRANSPORT_STATUS_RANK[order.status] >= TRANSPORT_STATUS_RANK.picked_up) return;
  await cancelTransport(tx, sale, order, actor, DELIVERY_TEXT.cancelledWithSale);
}
