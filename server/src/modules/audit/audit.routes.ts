import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { findAuditEntries } from './find-audit-entries';

/** The admin's audit log: who changed what, before and after. */
export async function auditRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...app.endpoint('listAudit'),
    handler: (request) => findAuditEntries(db, request.query),
  });
}
