import type { PublicVehicleDetail } from '@contracts/vehicle';
import { vehicleSearchQuerySchema } from '@contracts/vehicle-search';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client';
import { registerJob } from '../../lib/jobs';
import { guaranteeInForceFor } from '../../lib/sale-terms-setting';
import type { WebAppOptions } from '../../plugins/web-app';
import type { VinDecoder } from '../vin/decode-vin';
import { releaseDueFirstLooks } from './first-look';
import { requiredShotsRoutes } from './required-shots.routes';
import { searchAnswer } from './search-vehicles';
import { openVehicleCaches } from './vehicle-caches';
import { vehiclesRoutes } from './vehicles.routes';

/**
 * The vehicles module: the public list and search caches (ADR 0006, 0013), its routes, and what
 * server-rendered pages read (ADR 0016): the same answers the API gives, from the same caches.
 */
export async function registerVehicles(
  app: FastifyInstance,
  {
    database,
    premiumLabel,
    lotZip,
    decoder,
    isKnownVideo,
  }: {
    database: DbHandle;
    /** The branded certification name (`cert=premium` in a search). */
    premiumLabel: string;
    /** Where a car with no location stands (LOT_ZIP), for a search's `within`. */
    lotZip: string;
    decoder: VinDecoder;
    isKnownVideo: (url: string) => Promise<boolean>;
  },
) {
  const { listCache, searchCache } = await openVehicleCaches(app, database);
  await app.register(vehiclesRoutes, {
    db: database.db,
    premiumLabel,
    lotZip,
    searchCache,
    listCache,
    decoder,
    isKnownVideo,
  });
  await app.register(requiredShotsRoutes, { db: database.db });
  scheduleFirstLookRelease(app, database, lotZip);
  const pages: Pick<WebAppOptions, 'galleryFirstPhoto' | 'pageData'> = {
    galleryFirstPhoto: async (vehicleId) => (await listCache.get()).galleryFirst.get(vehicleId),
    pageData: {
      inventoryFirstPage: async (search) => {
        const query = vehicleSearchQuerySchema.parse(search);
        const answer = await searchAnswer(database.db, query, { premiumLabel, lotZip, cache: searchCache });
        return JSON.parse(answer.identity.toString('utf8'));
      },
      publishedVehicle: async (id) => {
        const json = (await listCache.get()).byId.get(id);
        if (!json) return undefined;
        const vehicle = JSON.parse(json.toString('utf8')) as PublicVehicleDetail;
        // The page prints the guarantee it is sold with, rendered with it (issue #46).
        return { vehicle, guarantee: await guaranteeInForceFor(database.db, vehicle.condition) };
      },
      rendered: searchCache.pages,
    },
  };
  return { listCache, searchCache, pages };
}

/** How often a car whose first look is over is published to everyone: within this of its time. */
export const FIRST_LOOK_RELEASE_MS = 15_000;

/**
 * The "first-look-release" job: releases the cars whose first look is over (docs/design.md §13) every
 * 15 s; each release also locks its car and re-checks the hold, so a car is never published twice.
 */
function scheduleFirstLookRelease(app: FastifyInstance, database: DbHandle, lotZip: string) {
  registerJob(app, database.db, {
    name: 'first-look-release',
    label: 'First looks over: cars published to everyone',
    intervalMs: FIRST_LOOK_RELEASE_MS,
    run: () => releaseDueFirstLooks(database.db, lotZip),
    failure: 'releasing first looks failed',
    report: (released) => {
      if (released > 0) app.log.info({ released }, 'first looks over: cars published to everyone');
    },
  });
}
