import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { DeliveryConfig } from '../delivery/transport-orders';
import { buyerLimitsOf, deliveredPrices } from './delivered-prices';

/** The delivered price on the cards and the vehicle page, and the buyer's room left (issue #46). */
export async function deliveredPriceRoutes(
  app: FastifyInstance,
  { db, config }: { db: Database; config: DeliveryConfig },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    ...app.endpoint('deliveredPrices'),
    handler: async (request, reply) => {
      // The dealer's own figures (their ZIP, their offer): never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return deliveredPrices(db, request.query.ids, await request.actor(), config);
    },
  });
  routes.route({
    ...app.endpoint('buyerLimits'),
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return buyerLimitsOf(db, await request.actor());
    },
  });
}
