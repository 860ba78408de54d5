import { vehicleIdParamsSchema } from '@contracts/vehicle';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { findAllVehicles, getVehicleById } from './find-vehicles';
import { pickEncoding, type VehicleListCache } from './vehicle-list-cache';

export interface VehiclesRoutesOptions {
  db: Database;
  listCache: VehicleListCache;
}

export async function vehiclesRoutes(app: FastifyInstance, { db, listCache }: VehiclesRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Pre-serialised and pre-compressed; the compress plugin is off for this route.
  routes.get('/api/vehicles', { config: { access: 'public' }, compress: false }, async (request, reply) => {
    // Admins see every vehicle with every field; it is a small, uncached, private answer.
    if ((await request.viewer()).admin) {
      reply.header('cache-control', 'private, no-store').header('vary', 'cookie, authorization');
      return findAllVehicles(db);
    }
    const list = await listCache.get();
    reply.header('etag', list.etag).header('vary', 'accept-encoding').header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === list.etag) return reply.code(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(list[encoding]);
  });

  routes.get(
    '/api/vehicles/:id',
    { config: { access: 'public' }, schema: { params: vehicleIdParamsSchema } },
    async (request) =>
      getVehicleById(db, request.params.id, { isAdmin: (await request.viewer()).admin !== null }),
  );
}
