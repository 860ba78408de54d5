import { BUY_ORDER_TEXT, type UpdateBuyOrderBody } from '@contracts/buy-orders';
import { ERROR_CODES } from '@contracts/errors';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buyOrders } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import { writeAudit } from '../audit/write-audit';
import { assertTextable } from './alert-schedule';
import { effectiveStatusSql } from './buy-order-status';
import { assertMayOrder } from './create-buy-order';
import { findBuyOrder } from './find-buy-orders';

/**
 * Pause, resume or cancel one of the dealership's orders, turn its alerts on or off, or change how
 * they arrive (channel, instantly or daily). A filled, expired or cancelled order is
 * closed: it changes no more. Another dealership's order is not found.
 */
export async function updateBuyOrder(db: Database, orderId: number, body: UpdateBuyOrderBody, actor: Actor) {
  assertMayOrder(actor);
  const dealerId = actor.id!;
  return withRetries(() =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          status: effectiveStatusSql,
          alerts: buyOrders.alerts,
          alertChannel: buyOrders.alertChannel,
          alertCadence: buyOrders.alertCadence,
        })
        .from(buyOrders)
        .where(and(eq(buyOrders.id, orderId), eq(buyOrders.dealerId, dealerId)))
        .for('update');
      if (!current) throw notFound(BUY_ORDER_TEXT.notFound);
      if (current.status !== 'open' && current.status !== 'paused') {
        throw new AppError(ERROR_CODES.conflict, BUY_ORDER_TEXT.closed);
      }
      if (body.status !== undefined && current.status !== body.status) {
        await tx
          .update(buyOrders)
          .set({ status: body.status, updatedAt: sql`now()` })
          .where(eq(buyOrders.id, orderId));
        await writeAudit(tx, actor, {
          entity: 'buy_order',
          entityId: orderId,
          action: body.status === 'open' ? 'resumed' : body.status,
          before: { status: current.status },
          after: { status: body.status },
        });
      }
      if (body.alerts !== undefined && current.alerts !== body.alerts) {
        await tx
          .update(buyOrders)
          .set({ alerts: body.alerts, updatedAt: sql`now()` })
          .where(eq(buyOrders.id, orderId));
        await writeAudit(tx, actor, {
          entity: 'buy_order',
          entityId: orderId,
          action: body.alerts ? 'alerts_on' : 'alerts_off',
          before: { alerts: current.alerts },
          after: { alerts: body.alerts },
        });
      }
      const delivery = {
        ...(body.alertChannel !== undefined && body.alertChannel !== current.alertChannel
          ? { alertChannel: body.alertChannel }
          : {}),
        ...(body.alertCadence !== undefined && body.alertCadence !== current.alertCadence
          ? { alertCadence: body.alertCadence }
          : {}),
      };
      if (Object.keys(delivery).length > 0) {
        await assertTextable(tx, dealerId, delivery.alertChannel);
        await tx
          .update(buyOrders)
          .set({ ...delivery, updatedAt: sql`now()` })
          .where(eq(buyOrders.id, orderId));
        await writeAudit(tx, actor, {
          entity: 'buy_order',
          entityId: orderId,
          action: 'alert_delivery',
          before: { alertChannel: current.alertChannel, alertCadence: current.alertCadence },
          after: delivery,
        });
      }
      return (await findBuyOrder(tx, dealerId, orderId))!;
    }),
  );
}
