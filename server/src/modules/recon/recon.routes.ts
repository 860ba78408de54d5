import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { addWorkOrderTask } from './add-work-order-task';
import { attachTaskPhotos } from './attach-task-photos';
import { dealerWorkOrdersPage, findWorkOrders, getWorkOrder } from './find-work-orders';
import { updateWorkOrderTask } from './update-work-order-task';
import { workOrdersPage } from './work-order-list';

/**
 * Work orders (docs/design.md §14): staff and admins read and work them; a dealer reads its own, the
 * dealer id always from the session.
 */
export async function reconRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    ...app.endpoint('listWorkOrders'),
    handler: async (request) => findWorkOrders(db, request.query.status),
  });
  routes.route({
    ...app.endpoint('adminWorkOrders'),
    handler: async (request) => workOrdersPage(db, request.query),
  });
  routes.route({
    ...app.endpoint('getWorkOrder'),
    handler: async (request) => getWorkOrder(db, request.params.id),
  });
  routes.route({
    ...app.endpoint('addWorkOrderTask'),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await addWorkOrderTask(db, request.params.id, request.body, await request.actor())),
  });
  routes.route({
    ...app.endpoint('updateWorkOrderTask'),
    handler: async (request) =>
      updateWorkOrderTask(db, request.params.id, request.params.taskId, request.body, await request.actor()),
  });
  routes.route({
    ...app.endpoint('attachTaskPhotos'),
    handler: async (request) =>
      attachTaskPhotos(db, request.params.id, request.params.taskId, request.body, await request.actor()),
  });
  routes.route({
    // Every member of the dealership reads its work orders, a page at a time (issue #47).
    ...app.endpoint('dealerWorkOrdersPage'),
    handler: async (request) => dealerWorkOrdersPage(db, await request.actor(), request.query),
  });
}
