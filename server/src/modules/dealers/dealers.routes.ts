import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { createDealer } from './create-dealer';
import { dealersPage } from './find-dealers';
import { setDealerActive } from './set-dealer-active';

/** Dealers (docs/product.md §7), admin only. */
export async function dealersRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({ ...app.endpoint('listDealers'), handler: (request) => dealersPage(db, request.query) });
  routes.route({
    ...app.endpoint('createDealer'),
    handler: async (request, reply) =>
      reply.code(201).send(await createDealer(db, request.body, await request.actor())),
  });
  routes.route({
    ...app.endpoint('updateDealer'),
    handler: async (request) =>
      setDealerActive(db, request.params.id, request.body.active, await request.actor()),
  });
}
