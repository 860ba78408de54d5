import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { adminTabCounts } from './count-admin-work';

/** GET /api/admin/tab-counts (admin): the stat cards and the counts beside the admin tabs. */
export async function adminCountsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...app.endpoint('adminTabCounts'),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return adminTabCounts(db);
    },
  });
}
