import type {
  DealerNotificationPreferences,
  UpdateNotificationPreferencesBody,
} from '@contracts/notification-preferences';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealers, notificationPreferences } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import { findDealerPreferences } from './find-dealer-preferences';
import type { UnsubscribeTarget } from './unsubscribe-links';

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
