import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { createPackage, findAllPackages, findOfferedPackages, updatePackage } from './recon-packages';

/** Reconditioning packages (docs/design.md §14): offered to everyone who buys, kept by admins. */
export async function reconPackagesRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({ ...app.endpoint('listReconPackages'), handler: async () => findOfferedPackages(db) });
  routes.route({ ...app.endpoint('adminReconPackages'), handler: async () => findAllPackages(db) });
  routes.route({
    ...app.endpoint('createReconPackage'),
    handler: async (request, reply) =>
      reply.code(201).send(await createPackage(db, request.body, await request.actor())),
  });
  routes.route({
    ...app.endpoint('updateReconPackage'),
    handler: async (request) => updatePackage(db, request.params.id, request.body, await request.actor()),
  });
}
