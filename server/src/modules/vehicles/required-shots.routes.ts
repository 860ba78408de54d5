import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { findRequiredShots, updateRequiredShots } from './required-shots';

/** The required guided shots (issue #34): staff and admins read them, admins change them. */
export async function requiredShotsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    ...app.endpoint('requiredShots'),
    handler: async (_request, reply) => {
      // The wizard keeps the last list it read for offline captures; a stale copy in a cache is not wanted.
      reply.header('cache-control', 'private, no-store');
      return findRequiredShots(db);
    },
  });
  routes.route({
    ...app.endpoint('updateRequiredShots'),
    handler: async (request) => updateRequiredShots(db, request.body.required, await request.actor()),
  });
}
