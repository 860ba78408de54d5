import { buyOrderTitle } from '@contracts/buy-orders';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { buyOrders, buyOrderTargets, type NotificationAlert, savedSearches } from '../../db/schema';
import { writeAudit } from '../audit/write-audit';
import type { AlertSubscriptions } from '../notifications/alert-subscriptions';

/**
 * The alerts of one buy order or saved search, as the one-click unsubscribe link in its alert
 * e-mail sees them (docs/design.md §13): the signed link is the authority, so no session is read.
 */
export const alertSubscriptions = (db: Database): AlertSubscriptions => ({
  titleOf: (alert) => findAlertTitle(db, alert),
  switchOff: (alert) => stopAlerts(db, alert),
});

/** "2018–2021 Toyota RAV4, Any Honda" for an order, the name for a search; null when it is gone. */
export async function findAlertTitle(db: Executor, alert: NotificationAlert): Promise<string | null> {
  if (alert.kind === 'saved_search') {
    const [search] = await db
      .select({ name: savedSearches.name })
      .from(savedSearches)
      .where(eq(savedSearches.id, alert.id));
    return search?.name ?? null;
  }
  const [order] = await db
    .select({ yearMin: buyOrders.yearMin, yearMax: buyOrders.yearMax })
    .from(buyOrders)
    .where(eq(buyOrders.id, alert.id));
  if (!order) return null;
  const targets = await db
    .select({ make: buyOrderTargets.makeLabel, model: buyOrderTargets.modelLabel })
    .from(buyOrderTargets)
    .where(eq(buyOrderTargets.orderId, alert.id))
    .orderBy(asc(buyOrderTargets.makeLabel), asc(buyOrderTargets.modelLabel));
  return buyOrderTitle({ ...order, targets });
}

/**
 * Alerts off for that one order or search, as the dashboard's switch does: the same column, and an
 * audit row naming the dealership (whose mailbox the link was sent to) and the link. Idempotent: a
 * second click changes and audits nothing. Matches are still recorded and listed. Its title, or
 * null when the order or search no longer exists.
 */
export async function stopAlerts(db: Database, alert: NotificationAlert): Promise<string | null> {
  return db.transaction(async (tx) => {
    // One conditional update: of two clicks at once, only one finds alerts on and audits it.
    const [changed] =
      alert.kind === 'buy_order'
        ? await tx
            .update(buyOrders)
            .set({ alerts: false, updatedAt: sql`now()` })
            .where(and(eq(buyOrders.id, alert.id), eq(buyOrders.alerts, true)))
            .returning({ dealerId: buyOrders.dealerId })
        : await tx
            .update(savedSearches)
            .set({ alerts: false })
            .where(and(eq(savedSearches.id, alert.id), eq(savedSearches.alerts, true)))
            .returning({ dealerId: savedSearches.dealerId });
    if (changed) {
      await writeAudit(
        tx,
        { type: 'dealer', id: changed.dealerId },
        {
          entity: alert.kind,
          entityId: alert.id,
          // The actions the dashboard's switches write for the same change.
          action: alert.kind === 'buy_order' ? 'alerts_off' : 'alerts',
          before: { alerts: true },
          after: { alerts: false, via: 'unsubscribe_link' },
        },
      );
    }
    return findAlertTitle(tx, alert);
  });
}
