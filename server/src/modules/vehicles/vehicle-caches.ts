import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client';
import { findPublishedVehicles } from './find-vehicles';
import { VehicleSearchCache } from './search-cache';
import { VehicleListCache } from './vehicle-list-cache';

/**
 * The public list and search answers this instance keeps (ADR 0006, 0013), and what drops them:
 * writes by any instance (or by hand) NOTIFY vehicles_changed; a route declaring
 * config.changesVehicles also drops them before its response leaves, so a client never reads its
 * own write stale. Other mutations (sign-ins, offers, codes) leave the list warm.
 */
export async function openVehicleCaches(app: FastifyInstance, database: DbHandle) {
  const listCache = new VehicleListCache(() => findPublishedVehicles(database.db));
  const searchCache = new VehicleSearchCache();
  const dropVehicleCaches = () => {
    listCache.invalidate();
    searchCache.invalidate();
  };
  const unlisten = await database.listen('vehicles_changed', dropVehicleCaches);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.config?.changesVehicles && reply.statusCode < 400) dropVehicleCaches();
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    await unlisten();
  });
  return { listCache, searchCache };
}
