import type { NotificationView } from '@contracts/notifications';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import type { MessageContext } from './notification-messages';
import { renderPayload } from './render-message';

type Row = typeof notifications.$inferSelect;

/** The subject and link the log shows: rendered as the sender would (a template it lacks, named instead). */
function headline(messages: MessageContext, row: Row) {
  try {
    const { subject, link } = renderPayload(messages, row.payload);
    return { subject, link };
  } catch (error) {
    return { subject: error instanceof Error ? error.message : String(error), link: '' };
  }
}

export const toView = (messages: MessageContext, row: Row): NotificationView => ({
  id: row.id,
  event: row.event,
  recipient: row.recipient,
  channel: row.channel,
  status: row.status,
  ...headline(messages, row),
  attempts: row.attempts,
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  providerAnswer: row.providerAnswer,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** The admin's notification log, newest first. */
export async function findNotifications(
  db: Database,
  messages: MessageContext,
  filter: { status?: Row['status'] | undefined; limit: number },
): Promise<NotificationView[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(filter.status ? eq(notifications.status, filter.status) : undefined)
    .orderBy(desc(notifications.id))
    .limit(filter.limit);
  return rows.map((row) => toView(messages, row));
}
