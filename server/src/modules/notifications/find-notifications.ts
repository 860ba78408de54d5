import type { NotificationView } from '@contracts/notifications';
import type { Page, PageQuery } from '@contracts/paging';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { countAll, type KeysetOrder, keysetPage } from '../../lib/keyset-page';
import type { MessageContext } from './notification-messages';
import { renderHeadline } from './render-message';

type Row = typeof notifications.$inferSelect;

/**
 * The subject and link the log shows: as the sender would render them (a template it lacks, named
 * instead), without the bodies the log never shows.
 */
function headline(messages: MessageContext, row: Row) {
  try {
    return renderHeadline(messages, row.payload);
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

/** The log's one order: newest first by its id (the primary key's index). */
const NEWEST: KeysetOrder = {
  name: 'newest',
  key: notifications.id,
  kind: 'integer',
  id: notifications.id,
  direction: 'desc',
};

/** A page of the admin's notification log, newest first, and how many messages the filter holds (issue #47). */
export async function findNotifications(
  db: Database,
  messages: MessageContext,
  query: PageQuery & { status?: Row['status'] | undefined },
): Promise<Page<NotificationView>> {
  const page = keysetPage(NEWEST, query);
  const where = query.status ? eq(notifications.status, query.status) : undefined;
  const rows = await db
    .select({ row: notifications, cursorKey: page.cursorKey })
    .from(notifications)
    .where(and(where, page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  const [{ count } = { count: 0 }] = await db.select({ count: countAll }).from(notifications).where(where);
  const { items, nextCursor } = page.finish(rows.map((r) => ({ ...r, id: r.row.id })));
  return { items: items.map((r) => toView(messages, r.row)), nextCursor, total: count };
}
