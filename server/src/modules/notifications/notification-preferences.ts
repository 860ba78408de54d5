import type { NotificationChannel } from '@contracts/notifications';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notificationPreferences } from '../../db/schema';

/** What a dealer gets for an event when it has chosen nothing (DESIGN.md §6): e-mail on, SMS off. */
export const DEFAULT_CHANNELS: Readonly<Record<NotificationChannel, boolean>> = { email: true, sms: false };

/**
 * The channels on which a dealer wants to hear of `event`: its saved choice per channel, the
 * default where it saved none. Read inside the caller's transaction, so a message is routed by
 * the preferences that held when the change committed.
 */
export async function enabledChannels(
  tx: Executor,
  dealerId: number,
  event: string,
): Promise<Record<NotificationChannel, boolean>> {
  const rows = await tx
    .select({ channel: notificationPreferences.channel, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.dealerId, dealerId), eq(notificationPreferences.event, event)));
  const channels = { ...DEFAULT_CHANNELS };
  for (const row of rows) channels[row.channel] = row.enabled;
  return channels;
}
