import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { PhotoStore } from '../photos/photo-store';
import { readCaFile } from './fetch-image';
import { allowedNetworks } from './public-address';
import { SheetSync } from './sync-vehicles';

/** The sheet-sync module: the sync (sheet, limits, images) and POST /api/sync-vehicles (docs/product.md §7), the admin's Sync button. */
export async function sheetsSyncRoutes(
  app: FastifyInstance,
  {
    db,
    config,
    premiumLabel,
    photos,
  }: { db: Database; config: Config; premiumLabel: string; photos: PhotoStore },
) {
  const sync = new SheetSync(db, {
    source: config.sheet,
    limits: config.sheetLimits,
    premiumLabel,
    images: {
      store: photos,
      budgetMs: config.sheetImages.budgetMs,
      extraCa: config.sheetImages.caFile ? await readCaFile(config.sheetImages.caFile) : null,
      allowedNetworks: allowedNetworks(config.sheetImages.allowedNetworks),
    },
  });
  app.withTypeProvider<ZodTypeProvider>().route({
    ...app.endpoint('syncVehicles', { changesVehicles: true }),
    handler: async (request) => sync.run(await request.actor()),
  });
}
