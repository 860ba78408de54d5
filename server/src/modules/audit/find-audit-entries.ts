import type { AuditEntry } from '@contracts/audit';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminUsers, auditLog, dealers } from '../../db/schema';

/** The latest state changes, newest first, with a readable actor (admin e-mail, dealer name). */
export async function findAuditEntries(
  db: Database,
  filter: { entity?: string | undefined; limit: number },
): Promise<AuditEntry[]> {
  const rows = await db
    .select({ entry: auditLog, adminEmail: adminUsers.email, dealerName: dealers.dealerName })
    .from(auditLog)
    .leftJoin(adminUsers, sql`${auditLog.actorType} = 'admin' and ${adminUsers.id} = ${auditLog.actorId}`)
    .leftJoin(dealers, sql`${auditLog.actorType} = 'dealer' and ${dealers.id} = ${auditLog.actorId}`)
    .where(filter.entity ? eq(auditLog.entity, filter.entity) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
  return rows.map(({ entry, adminEmail, dealerName }) => ({
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
  }));
}
