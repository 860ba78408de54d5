import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { findAlertSchedule, updateAlertSchedule } from './alert-schedule';
import { createBuyOrder } from './create-buy-order';
import { dealerBuyOrdersPage } from './find-buy-orders';
import { demandOrdersPage, findDemand } from './find-demand';
import { getBuyOrderHistory } from './get-buy-order-history';
import { createSavedSearch, deleteSavedSearch, savedSearchesPage, updateSavedSearch } from './saved-searches';
import { updateBuyOrder } from './update-buy-order';

/**
 * The signed-in dealership's buy orders (docs/design.md §13): the dealer id always comes from the
 * session. And the admin's demand board over every dealership's.
 */
export async function buyOrdersRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    // Every member of the dealership reads its orders, a page at a time (issue #47).
    ...app.endpoint('dealerBuyOrdersPage'),
    handler: async (request) => dealerBuyOrdersPage(db, (await request.actor()).id!, request.query),
  });
  routes.route({
    ...app.endpoint('createBuyOrder'),
    handler: async (request, reply) =>
      reply.code(201).send(await createBuyOrder(db, request.body, await request.actor())),
  });
  routes.route({
    ...app.endpoint('updateBuyOrder'),
    handler: async (request) => updateBuyOrder(db, request.params.id, request.body, await request.actor()),
  });
  routes.route({ ...app.endpoint('buyOrderDemand'), handler: async () => findDemand(db) });
  routes.route({
    ...app.endpoint('buyOrderDemandOrders'),
    handler: async (request) => demandOrdersPage(db, request.query),
  });
  routes.route({
    ...app.endpoint('buyOrderHistory'),
    handler: async (request) => getBuyOrderHistory(db, request.params.id),
  });
  routes.route({
    ...app.endpoint('dealerSavedSearchesPage'),
    handler: async (request) => savedSearchesPage(db, await request.actor(), request.query),
  });
  routes.route({
    ...app.endpoint('createSavedSearch'),
    handler: async (request, reply) =>
      reply.code(201).send(await createSavedSearch(db, request.body, await request.actor())),
  });
  routes.route({
    ...app.endpoint('deleteSavedSearch'),
    handler: async (request) => deleteSavedSearch(db, request.params.id, await request.actor()),
  });
  routes.route({
    ...app.endpoint('dealerAlertSchedule'),
    handler: async (request) => findAlertSchedule(db, await request.actor()),
  });
  routes.route({
    ...app.endpoint('updateAlertSchedule'),
    handler: async (request) => updateAlertSchedule(db, request.body, await request.actor()),
  });
  routes.route({
    ...app.endpoint('updateSavedSearch'),
    handler: async (request) => updateSavedSearch(db, request.params.id, request.body, await request.actor()),
  });
}
