import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { findBuyCodes } from './find-buy-codes';
import { generateBuyCode } from './generate-buy-code';
import { updateBuyCode } from './update-buy-code';

/** The admin's Buy Codes tab (docs/product.md §7): list, generate, change limits or deactivate. */
export async function buyCodesRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    ...app.endpoint('listBuyCodes'),
    handler: (request) => findBuyCodes(db, { dealerId: request.query.dealerId }),
  });
  routes.route({
    ...app.endpoint('createBuyCode'),
    handler: async (request, reply) =>
      reply.code(201).send(await generateBuyCode(db, request.body, await request.actor())),
  });
  routes.route({
    ...app.endpoint('updateBuyCode'),
    handler: async (request) => updateBuyCode(db, request.params.id, request.body, await request.actor()),
  });
}
