import { auditEntrySchema, auditQuerySchema } from '@contracts/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { findAuditEntries } from './find-audit-entries';

/** The admin's audit log: who changed what, before and after. */
export async function auditRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit',
    {
      config: { access: 'admin' },
      schema: { querystring: auditQuerySchema, response: { 200: z.array(auditEntrySchema) } },
    },
    (request) => findAuditEntries(db, request.query),
  );
}
