import { OPEN_OFFER_STATUSES } from '@contracts/statuses';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { dealers, notifications, offers, transactions, vehicles } from '../db/schema';
import { enqueueNotifications, type Notification } from '../modules/notifications/enqueue-notifications';
import { counterSentMessage, offerReceivedMessage } from '../modules/notifications/offer-messages';
import { purchaseReceiptMessage } from '../modules/notifications/sale-messages';

/** What the demo's mail provider answered, so the admin's Notifications log shows every outcome. */
const DEMO_OUTCOMES = [
  { status: 'sent', attempts: 1, providerAnswer: '250 2.0.0 OK: queued as 4XyZ1demo' },
  {
    status: 'failed',
    attempts: 2,
    providerAnswer: '421 4.7.0 Try again later, closing connection. (demo)',
  },
  {
    status: 'dead',
    attempts: 8,
    providerAnswer: '550 5.1.1 The email account that you tried to reach does not exist. (demo)',
  },
] as const;

/**
 * The demo's message history (docs/design.md §1: the demo shows every capability): the mails its open
 * offers, counters and a sale caused, written through the outbox like real ones. A few are marked
 * sent, failed (retrying) and given up; the rest are left to the sender, which suppresses them
 * when no SMTP_URL is set.
 */
export async function seedDemoNotifications(db: Database, now = new Date()) {
  await db.transaction(async (tx) => {
    const open = await tx
      .select({ offer: offers, vehicle: vehicles, dealerName: dealers.dealerName })
      .from(offers)
      .innerJoin(vehicles, eq(vehicles.id, offers.vehicleId))
      .innerJoin(dealers, eq(dealers.id, offers.dealerId))
      .where(inArray(offers.status, [...OPEN_OFFER_STATUSES]))
      .orderBy(asc(offers.id));
    const items: Notification[] = open.map(({ offer, vehicle, dealerName }) =>
      offer.status === 'countered'
        ? {
            event: 'counter_sent',
            entityId: offer.id,
            to: [{ dealerId: offer.dealerId, contact: 'main' }],
            message: counterSentMessage({
              offerId: offer.id,
              vehicle,
              amount: offer.amount,
              counterAmount: offer.counterAmount ?? offer.amount,
              counterMessage: offer.counterMessage,
              deadline: { expiresAt: offer.expiresAt, now },
            }),
          }
        : {
            event: 'offer_received',
            entityId: offer.id,
            to: [{ admins: true }],
            message: offerReceivedMessage({
              vehicle,
              dealerName,
              amount: offer.amount,
              deadline: { expiresAt: offer.expiresAt, now },
            }),
          },
    );
    const [sale] = await tx
      .select({ sale: transactions, vehicle: vehicles, dealerName: dealers.dealerName })
      .from(transactions)
      .innerJoin(vehicles, eq(vehicles.id, transactions.vehicleId))
      .innerJoin(dealers, eq(dealers.id, transactions.dealerId))
      .where(eq(transactions.cancelled, false))
      .orderBy(asc(transactions.id))
      .limit(1);
    if (sale)
      items.push({
        event: 'purchase_receipt',
        entityId: sale.sale.id,
        to: [
          { dealerId: sale.sale.dealerId, contact: 'main' },
          { dealerId: sale.sale.dealerId, contact: 'billing' },
        ],
        message: purchaseReceiptMessage({
          vehicle: sale.vehicle,
          dealerName: sale.dealerName,
          amount: sale.sale.amount,
          transactionId: sale.sale.id,
        }),
      });
    await enqueueNotifications(tx, items);

    const rows = await tx.select({ id: notifications.id }).from(notifications).orderBy(asc(notifications.id));
    for (const [i, outcome] of DEMO_OUTCOMES.entries()) {
      const row = rows[i];
      if (!row) break;
      await tx
        .update(notifications)
        .set({
          status: outcome.status,
          attempts: outcome.attempts,
          providerAnswer: outcome.providerAnswer,
          sentAt: outcome.status === 'sent' ? now : null,
          nextAttemptAt: new Date(now.getTime() + (outcome.status === 'failed' ? 60 : 0) * 60_000),
        })
        .where(eq(notifications.id, row.id));
    }
  });
}
