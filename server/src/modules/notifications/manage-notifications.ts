import type { NotificationView } from '@contracts/notifications';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';

type Row = typeof notifications.$inferSelect;

const toView = (row: Row): NotificationView => ({
  id: row.id,
  event: row.event,
  recipient: row.recipient,
  channel: row.channel,
  status: row.status,
  subject: row.payload.subject,
  link: row.payload.link,
  attempts: row.attempts,
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  providerAnswer: row.providerAnswer,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** The admin's notification log, newest first. */
export async function findNotifications(
  db: Database,
  filter: { status?: Row['status'] | undefined; limit: number },
): Promise<NotificationView[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(filter.status ? eq(notifications.status, filter.status) : undefined)
    .orderBy(desc(notifications.id))
    .limit(filter.limit);
  return rows.map(toView);
}

/**
 * Sends a message again: a failed, dead or suppressed row goes back to the queue, due now, with a
 * fresh attempt budget. A queued, sending or sent row is refused (409): it is on its way or arrived.
 */
export async function resendNotification(db: Database, id: number): Promise<NotificationView> {
  const [row] = await db
    .update(notifications)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(notifications.id, id), inArray(notifications.status, ['failed', 'dead', 'suppressed'])))
    .returning();
  if (row) return toView(row);
  const [existing] = await db
    .select({ status: notifications.status })
    .from(notifications)
    .where(eq(notifications.id, id));
  if (!existing) throw notFound('Notification not found');
  throw conflict(
    `This notification is ${existing.status}; only a failed, dead or suppressed one can be sent again`,
  );
}
