import type {
  DealerNotificationPreferences,
  UpdateNotificationPreferencesBody,
} from '@contracts/notification-preferences';
import { DEALER_EVENTS, type DealerContact } from '@contracts/notifications';
import { toE164 } from '@contracts/phone';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { dealers, notificationPreferences } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import type { UnsubscribeTarget } from './unsubscribe-links';

/**
 * The write side of dealer notification preferences and what the dealer dashboard shows of them
 * (DESIGN.md §6). No row = the default: e-mail on, SMS off. The read the enqueueing uses lives in
 * notification-preferences.ts (`enabledChannels`); both read the same table the same way.
 */

/** j•••@example.com: enough to recognise one's own address on a shared screen. */
export const maskEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
};

/** •••-•••-0100: the last four digits of a number that can be texted. */
export const maskPhone = (e164: string) => `•••-•••-${e164.slice(-4)}`;

type DealerRow = typeof dealers.$inferSelect;

function contactsOf(dealer: DealerRow) {
  const byRole: Record<DealerContact, { name: string; email: string; phone: string }> = {
    main: { name: dealer.contactName, email: dealer.email, phone: dealer.phone },
    billing: {
      name: dealer.billingContactName,
      email: dealer.billingContactEmail,
      phone: dealer.billingContactPhone,
    },
    title: {
      name: dealer.titleContactName,
      email: dealer.titleContactEmail,
      phone: dealer.titleContactPhone,
    },
  };
  return (role: DealerContact) => {
    const contact = byRole[role];
    const textable = toE164(contact.phone);
    return {
      role,
      name: contact.name,
      email: maskEmail(contact.email),
      phone: textable ? maskPhone(textable) : null,
    };
  };
}

async function dealerOf(db: Executor, dealerId: number) {
  const [dealer] = await db.select().from(dealers).where(eq(dealers.id, dealerId));
  if (!dealer) throw notFound('Dealer not found');
  return dealer;
}

/** Every dealer-facing event with its two switches and the (masked) contacts it goes to. */
export async function findDealerPreferences(
  db: Executor,
  dealerId: number,
  smsAvailable: boolean,
): Promise<DealerNotificationPreferences> {
  const dealer = await dealerOf(db, dealerId);
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.dealerId, dealerId));
  const chosen = new Map(rows.map((r) => [`${r.event}:${r.channel}`, r.enabled]));
  const contact = contactsOf(dealer);
  return {
    smsAvailable,
    events: DEALER_EVENTS.map(({ event, label, contacts }) => {
      const people = contacts.map(contact);
      return {
        event,
        label,
        email: chosen.get(`${event}:email`) ?? true,
        sms: chosen.get(`${event}:sms`) ?? false,
        contacts: people,
        smsPossible: people.some((p) => p.phone !== null),
      };
    }),
  };
}

/**
 * Sets the listed events' switches (both channels, so the stored choice is explicit) in one
 * transaction. SMS can be chosen only for an event one of whose contacts has a number that can be
 * texted; it may be chosen while SMS is not configured (it applies once it is).
 */
export async function updateDealerPreferences(
  db: Database,
  dealerId: number,
  body: UpdateNotificationPreferencesBody,
  smsAvailable: boolean,
): Promise<DealerNotificationPreferences> {
  return db.transaction(async (tx) => {
    const current = await findDealerPreferences(tx, dealerId, smsAvailable);
    for (const choice of body.preferences) {
      const event = current.events.find((e) => e.event === choice.event)!;
      if (choice.sms && !event.smsPossible) {
        throw badRequest(
          `${event.label}: SMS needs a phone number that can get texts for the ${event.contacts
            .map((c) => c.role)
            .join(' and ')} contact; ask us to update it`,
        );
      }
    }
    await tx
      .insert(notificationPreferences)
      .values(
        body.preferences.flatMap((p) => [
          { dealerId, event: p.event, channel: 'email' as const, enabled: p.email },
          { dealerId, event: p.event, channel: 'sms' as const, enabled: p.sms },
        ]),
      )
      .onConflictDoUpdate({
        target: [
          notificationPreferences.dealerId,
          notificationPreferences.event,
          notificationPreferences.channel,
        ],
        set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
      });
    return findDealerPreferences(tx, dealerId, smsAvailable);
  });
}

/** A one-click unsubscribe: that dealer × event × channel off. Idempotent; no session needed. */
export async function unsubscribeFromEvent(db: Database, target: UnsubscribeTarget) {
  const [dealer] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.id, target.dealerId));
  if (!dealer) throw notFound('This dealer account no longer exists, so it gets no messages');
  await db
    .insert(notificationPreferences)
    .values({ dealerId: target.dealerId, event: target.event, channel: target.channel, enabled: false })
    .onConflictDoUpdate({
      target: [
        notificationPreferences.dealerId,
        notificationPreferences.event,
        notificationPreferences.channel,
      ],
      set: { enabled: false, updatedAt: sql`now()` },
    });
}

/** The label a dealer knows an event by (the token's event name otherwise). */
export const eventLabel = (event: string) =>
  DEALER_EVENTS.find((e) => e.event === event)?.label ?? event.replaceAll('_', ' ');
