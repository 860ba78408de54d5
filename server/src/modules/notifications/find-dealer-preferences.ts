import type { DealerNotificationPreferences } from '@contracts/notification-preferences';
import { DEALER_EVENTS, type DealerContact } from '@contracts/notifications';
import { toE164 } from '@contracts/phone';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dealers, notificationPreferences } from '../../db/schema';
import { notFound } from '../../lib/app-error';

/**
 * What the dealer dashboard shows of them
 * (docs/design.md §6). No row = the default: e-mail on, SMS off. The read the enqueueing uses lives in
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

/** The label a dealer knows an event by (the token's event name otherwise). */
export const eventLabel = (event: string) =>
  DEALER_EVENTS.find((e) => e.event === event)?.label ?? event.replaceAll('_', ' ');
