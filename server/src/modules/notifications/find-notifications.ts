import type { NotificationView } from '@contracts/notifications';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';

type Row = typeof notifications.$inferSelect;

export const toView = (row: Row): NotificationView => ({
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
