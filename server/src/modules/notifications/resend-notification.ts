import type { NotificationView } from '@contracts/notifications';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { toView } from './find-notifications';
import type { MessageContext } from './notification-messages';

/**
 * Sends a message again: a failed, dead or suppressed row goes back to the queue, due now, with a
 * fresh attempt budget. A queued, sending or sent row is refused (409): it is on its way or arrived.
 */
export async function resendNotification(
  db: Database,
  messages: MessageContext,
  id: number,
): Promise<NotificationView> {
  const [row] = await db
    .update(notifications)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(notifications.id, id), inArray(notifications.status, ['failed', 'dead', 'suppressed'])))
    .returning();
  if (row) return toView(messages, row);
  const [existing] = await db
    .select({ status: notifications.status })
    .from(notifications)
    .where(eq(notifications.id, id));
  if (!existing) throw notFound('Notification not found');
  throw conflict(
    `This notification is ${existing.status}; only a failed, dead or suppressed one can be sent again`,
  );
}
