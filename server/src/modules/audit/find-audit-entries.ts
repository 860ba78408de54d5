import type { AuditEntry } from '@contracts/audit';
import type { Page, PageQuery } from '@contracts/paging';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminUsers, auditLog, dealers } from '../../db/schema';
import { countAll, type KeysetOrder, keysetPage } from '../../lib/keyset-page';

/** The log's one order: newest first by its id (the primary key's index; ids grow with time). */
const NEWEST: KeysetOrder = {
  name: 'newest',
  key: auditLog.id,
  kind: 'integer',
  id: auditLog.id,
  direction: 'desc',
};

/**
 * A page of the latest state changes, newest first, with a readable actor (admin e-mail, dealer
 * name), and how many entries the filter holds (issue #47: the log is paged by the server).
 */
export async function findAuditEntries(
  db: Database,
  query: PageQuery & { entity?: string | undefined },
): Promise<Page<AuditEntry>> {
  const page = keysetPage(NEWEST, query);
  const where = query.entity ? eq(auditLog.entity, query.entity) : undefined;
  const rows = await db
    .select({
      entry: auditLog,
      adminEmail: adminUsers.email,
      dealerName: dealers.dealerName,
      cursorKey: page.cursorKey,
    })
    .from(auditLog)
    .leftJoin(adminUsers, sql`${auditLog.actorType} = 'admin' and ${adminUsers.id} = ${auditLog.actorId}`)
    .leftJoin(dealers, sql`${auditLog.actorType} = 'dealer' and ${dealers.id} = ${auditLog.actorId}`)
    .where(and(where, page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  const [{ count } = { count: 0 }] = await db.select({ count: countAll }).from(auditLog).where(where);
  const { items, nextCursor } = page.finish(rows.map((row) => ({ ...row, id: row.entry.id })));
  return {
    items: items.map(({ entry, adminEmail, dealerName }) => ({
      id: entry.id,
      actorType: entry.actorType,
      actorId: entry.actorId,
      actorLabel: adminEmail ?? dealerName ?? (entry.actorType === 'staff' ? 'Staff' : 'System'),
      entity: entry.entity,
      entityId: entry.entityId,
      action: entry.action,
      before: entry.before,
      after: entry.after,
      createdAt: entry.createdAt.toISOString(),
    })),
    nextCursor,
    total: count,
  };
}
