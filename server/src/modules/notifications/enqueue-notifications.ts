import type { DealerContact, NotificationChannel, NotificationEvent } from '@contracts/notifications';
import { toE164 } from '@contracts/phone';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  adminUsers,
  dealers,
  type NotificationMessage,
  notifications,
  type RenderedNotification,
} from '../../db/schema';
import { enabledChannels } from './notification-preferences';

export type { NotificationEvent };

/**
 * Who a message is for, by role: every admin, or one of a dealer's contacts (main: email/phone,
 * billing: billingContact*, title: titleContact*); or, for a team member's own links, one address. The addresses, phone
 * numbers and channels are resolved inside the caller's transaction.
 */
export type Recipient =
  | { admins: true }
  | {
      dealerId: number;
      contact: DealerContact;
      /** Only these of the channels the dealership's preferences enable (an order's own choice). */
      only?: NotificationChannel[];
    }
  /** One person's own address: a team member's invitation or password reset, a buy order's alert. */
  | { email: string }
  /** A text to the dealership's phone its buy order or saved search asked for (docs/design.md §13). */
  | { phone: string; dealerId: number };

/** A message as sent: its subject, texts, link and SMS body. */
export type MessagePayload = RenderedNotification;

export interface Notification {
  event: NotificationEvent;
  /** The row the event is about (an offer activity, a transaction…): one message per event × row × recipient × channel. */
  entityId: number;
  to: Recipient[];
  /** A template with its facts (`offerReceivedMessage({…})`): rendered with the brand and origin when sent. */
  message: NotificationMessage;
  /** Not sent before then (the person's quiet hours, docs/design.md §13); default now. */
  notBefore?: Date;
}

export const idempotencyKeyOf = (
  event: string,
  entityId: number,
  recipient: string,
  channel: NotificationChannel = 'email',
) => `${event}:${entityId}:${recipient.trim().toLowerCase()}:${channel}`;

type DealerRow = Pick<
  typeof dealers.$inferSelect,
  | 'email'
  | 'phone'
  | 'billingContactEmail'
  | 'billingContactPhone'
  | 'titleContactEmail'
  | 'titleContactPhone'
>;

const contactOf = (dealer: DealerRow, contact: DealerContact) =>
  contact === 'billing'
    ? { email: dealer.billingContactEmail, phone: dealer.billingContactPhone }
    : contact === 'title'
      ? { email: dealer.titleContactEmail, phone: dealer.titleContactPhone }
      : { email: dealer.email, phone: dealer.phone };

/**
 * Writes the messages a state change causes into the outbox. Call it INSIDE the caller's DB
 * transaction, so a change that rolls back leaves no message and a committed one always has its
 * messages. Admins get e-mail; a dealer's contact gets each channel its preferences enable for the
 * event (e-mail to its address, SMS to its phone when it has one). A replay (same event, row,
 * recipient and channel) inserts nothing. Nothing is sent here.
 */
export async function enqueueNotifications(tx: Executor, items: Notification[]) {
  // Every dealer the batch names and its preferences for the batch's events: two queries in all,
  // however many dealers a change tells (a car matching fifty dealers' buy orders).
  const dealerIds = [
    ...new Set(items.flatMap((item) => item.to.flatMap((to) => ('dealerId' in to ? [to.dealerId] : [])))),
  ];
  const dealerRows = new Map<number, DealerRow>();
  if (dealerIds.length) {
    const rows = await tx
      .select({
        id: dealers.id,
        email: dealers.email,
        phone: dealers.phone,
        billingContactEmail: dealers.billingContactEmail,
        billingContactPhone: dealers.billingContactPhone,
        titleContactEmail: dealers.titleContactEmail,
        titleContactPhone: dealers.titleContactPhone,
      })
      .from(dealers)
      .where(inArray(dealers.id, dealerIds));
    for (const row of rows) dealerRows.set(row.id, row);
  }
  const channelsOf = await enabledChannels(tx, dealerIds, [...new Set(items.map((item) => item.event))]);
  let admins: string[] | null = null;

  const rows: (typeof notifications.$inferInsert)[] = [];
  const keys = new Set<string>();
  const add = (
    item: Notification,
    recipient: string,
    channel: NotificationChannel,
    owner?: { dealerId: number; contact: DealerContact },
  ) => {
    const address = channel === 'email' ? recipient.trim().toLowerCase() : recipient;
    if (!address) return;
    const idempotencyKey = idempotencyKeyOf(item.event, item.entityId, address, channel);
    if (keys.has(idempotencyKey)) return;
    keys.add(idempotencyKey);
    rows.push({
      event: item.event,
      recipient: address,
      channel,
      payload: { ...item.message, ...owner },
      idempotencyKey,
      ...(item.notBefore ? { nextAttemptAt: item.notBefore } : {}),
    });
  };

  for (const item of items) {
    for (const to of item.to) {
      if ('email' in to) {
        add(item, to.email, 'email');
        continue;
      }
      if ('phone' in to) {
        const number = toE164(to.phone);
        if (number) add(item, number, 'sms', { dealerId: to.dealerId, contact: 'main' });
        continue;
      }
      if ('admins' in to) {
        admins ??= await adminRecipients(tx);
        for (const email of admins) add(item, email, 'email');
        continue;
      }
      const dealer = dealerRows.get(to.dealerId);
      if (!dealer) continue;
      const { email, phone } = contactOf(dealer, to.contact);
      const enabled = channelsOf(to.dealerId, item.event);
      const channels = {
        email: enabled.email && (!to.only || to.only.includes('email')),
        sms: enabled.sms && (!to.only || to.only.includes('sms')),
      };
      const owner = { dealerId: to.dealerId, contact: to.contact };
      if (channels.email) add(item, email, 'email', owner);
      const number = toE164(phone);
      if (channels.sms && number) add(item, number, 'sms', owner);
    }
  }
  if (rows.length === 0) return;
  await tx.insert(notifications).values(rows).onConflictDoNothing({ target: notifications.idempotencyKey });
}

/**
 * Every admin's e-mail (docs/design.md §6: "every active admin"). admin_users has no active flag: every
 * row is an admin who may sign in, so every row hears.
 */
async function adminRecipients(tx: Executor): Promise<string[]> {
  const rows = await tx.select({ email: adminUsers.email }).from(adminUsers).orderBy(adminUsers.id);
  return rows.map((r) => r.email);
}
