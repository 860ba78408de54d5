import type { NotificationChannel } from '@contracts/notifications';
import { and, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notificationPreferences } from '../../db/schema';

/** What a dealer gets for an event when it has chosen nothing (docs/design.md §6): e-mail on, SMS off. */
export const DEFAULT_CHANNELS: Readonly<Record<NotificationChannel, boolean>> = { email: true, sms: false };

/**
 * The channels on which each dealer wants to hear of each event: its saved choice per channel, the
 * default where it saved none. One query for every (dealer, event) a batch of messages names, read
 * inside the caller's transaction, so a message is routed by the preferences that held when the
 * change committed. `channelsOf(dealerId, event)` answers from it.
 */
export async function enabledChannels(tx: Executor, dealerIds: number[], events: string[]) {
  const rows =
    dealerIds.length && events.length
      ? await tx
          .select({
            dealerId: notificationPreferences.dealerId,
            event: notificationPreferences.event,
            channel: notificationPreferences.channel,
            enabled: notificationPreferences.enabled,
          })
          .from(notificationPreferences)
          .where(
            and(
              inArray(notificationPreferences.dealerId, dealerIds),
              inArray(notificationPreferences.event, events),
            ),
          )
      : [];
  const saved = new Map<string, Record<NotificationChannel, boolean>>();
  for (const row of rows) {
    const key = `${row.dealerId}|${row.event}`;
    const channels = saved.get(key) ?? { ...DEFAULT_CHANNELS };
    channels[row.channel] = row.enabled;
    saved.set(key, channels);
  }
  return (dealerId: number, event: string) => saved.get(`${dealerId}|${event}`) ?? { ...DEFAULT_CHANNELS };
}
