import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { MediaStorage } from '../../lib/uploads/media-storage';
import type { UploadGate } from '../../lib/uploads/upload-server';
import { PhotoStore } from './photo-store';
import { photosRoutes } from './photos.routes';

/**
 * The photo store as the configuration sets it up (DATA_DIR, PHOTO_CONCURRENCY), on `storage` (a
 * bucket) or else this disk: the app's, and the demo seed's (bootstrap.ts), which runs before it.
 */
export function createPhotoStore(
  config: Config,
  { db, storage, log }: { db: Database; storage?: MediaStorage; log: (message: string) => void },
) {
  return PhotoStore.create({
    dataDir: resolve(config.dataDir),
    ...(storage ? { storage } : {}),
    db,
    concurrency: config.photoConcurrency,
    log,
  });
}

/**
 * The photos module: the store and its routes. The store is returned for the modules that store
 * photos too (the sheet sync) and for housekeeping, which deletes abandoned uploads.
 */
export async function registerPhotos(
  app: FastifyInstance,
  options: {
    config: Config;
    db: Database;
    storage: MediaStorage;
    gate: UploadGate;
    log: (message: string) => void;
  },
) {
  const store = await createPhotoStore(options.config, options);
  await app.register(photosRoutes, { db: options.db, store, gate: options.gate, log: options.log });
  return store;
}
