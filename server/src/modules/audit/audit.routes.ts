import { auditEntrySchema, auditQuerySchema } from '@contracts/admin';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { adminUsers, auditLog, dealers } from '../../db/schema';

/** The latest state changes, newest first, with a readable actor (admin e-mail, dealer name). */
export async function auditRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/audit',
    {
      config: { access: 'admin' },
      schema: { querystring: auditQuerySchema, response: { 200: z.array(auditEntrySchema) } },
    },
    async (request) => {
      const rows = await db
        .select({ entry: auditLog, adminEmail: adminUsers.email, dealerName: dealers.dealerName })
        .from(auditLog)
        .leftJoin(adminUsers, sql`${auditLog.actorType} = 'admin' and ${adminUsers.id} = ${auditLog.actorId}`)
        .leftJoin(dealers, sql`${auditLog.actorType} = 'dealer' and ${dealers.id} = ${auditLog.actorId}`)
        .where(request.query.entity ? eq(auditLog.entity, request.query.entity) : undefined)
        .orderBy(desc(auditLog.id))
        .limit(request.query.limit);
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
    },
  );
}
