import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { adminUsers, dealers, type NotificationPayload, notifications } from '../../db/schema';

export type NotificationEvent =
  | 'offer_received'
  | 'counter_sent'
  | 'offer_accepted'
  | 'offer_declined'
  | 'counter_accepted'
  | 'counter_declined'
  | 'vehicle_sold'
  | 'purchase_receipt';

export interface Notification {
  event: NotificationEvent;
  /** The row the event is about (an offer activity, a transaction): one message per event × row × recipient. */
  entityId: number;
  recipients: string[];
  payload: NotificationPayload;
}

export const idempotencyKeyOf = (event: string, entityId: number, recipient: string, channel = 'email') =>
  `${event}:${entityId}:${recipient.trim().toLowerCase()}:${channel}`;

/**
 * Writes the messages a state change causes into the outbox. Call it INSIDE the caller's DB
 * transaction, so a change that rolls back leaves no message and a committed one always has its
 * messages. A replay (same event, row and recipient) inserts nothing. Nothing is sent here.
 */
export async function enqueueNotifications(tx: Executor, items: Notification[]) {
  const rows = items.flatMap((item) =>
    [...new Set(item.recipients.map((r) => r.trim().toLowerCase()).filter(Boolean))].map((recipient) => ({
      event: item.event,
      recipient,
      channel: 'email' as const,
      payload: item.payload,
      idempotencyKey: idempotencyKeyOf(item.event, item.entityId, recipient),
    })),
  );
  if (rows.length === 0) return;
  await tx.insert(notifications).values(rows).onConflictDoNothing({ target: notifications.idempotencyKey });
}

/** Every admin's e-mail: admin events go to all of them (DESIGN.md §6). */
export async function adminRecipients(tx: Executor): Promise<string[]> {
  const rows = await tx.select({ email: adminUsers.email }).from(adminUsers);
  return rows.map((r) => r.email);
}

/** A dealer's name and the contacts messages go to: main (offers, counters) and billing (receipts). */
export async function dealerContacts(tx: Executor, dealerId: number) {
  const [row] = await tx
    .select({ name: dealers.dealerName, main: dealers.email, billing: dealers.billingContactEmail })
    .from(dealers)
    .where(eq(dealers.id, dealerId));
  return row ?? null;
}
