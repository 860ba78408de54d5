import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SheetSync } from './sync-vehicles';

/** POST /api/sync-vehicles (spec §7): the admin's Sync button. */
export async function sheetsSyncRoutes(app: FastifyInstance, { sync }: { sync: SheetSync }) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...app.endpoint('syncVehicles', { changesVehicles: true }),
    handler: async (request) => sync.run(await request.actor()),
  });
}
