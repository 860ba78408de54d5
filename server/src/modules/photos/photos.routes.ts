import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { IMMUTABLE, PRIVATE_MEDIA, sendMedia } from '../../lib/uploads/send-media';
import { createUploadServer, registerUploadRoutes, type UploadGate } from '../../lib/uploads/upload-server';
import { fileSight } from '../car-visibility/car-visibility';
import { addPhotos, deletePhoto, reorderPhotos } from './attach-photos';
import { updateConditionReport } from './condition-reports';
import { type PhotoStore, STORAGE_KEY, VARIANT_NAME } from './photo-store';
import { PHOTO_MEDIA_PREFIX, vehicleOfPhoto } from './photo-views';

export interface PhotosRoutesOptions {
  db: Database;
  store: PhotoStore;
  gate: UploadGate;
  log: (message: string) => void;
}

/** Condition-report photos (issue #17): tus uploads, their status, the admin edits, the variants. */
export async function photosRoutes(app: FastifyInstance, { db, store, gate, log }: PhotosRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Staff and admins for listings; dealers for the photos of a guarantee claim (issue #18). The
  // request that completes an upload answers with the processed photo (the status below is for a
  // client that lost that answer).
  registerUploadRoutes(app, createUploadServer(store.files.storage, store.kind, log, gate.quotas), gate);

  routes.route({
    ...app.endpoint('photoUploadStatus'),
    handler: async (request) => {
      const status = await store.status(request.params.id);
      if (!status) throw notFound('No photo upload with this id');
      return status;
    },
  });

  routes.route({
    ...app.endpoint('attachPhotos', { changesVehicles: true }),
    handler: async (request) => addPhotos(db, request.params.id, request.body.photos, await request.actor()),
  });

  routes.route({
    ...app.endpoint('reorderPhotos', { changesVehicles: true }),
    handler: async (request) =>
      reorderPhotos(db, request.params.id, request.body.photos, await request.actor()),
  });

  routes.route({
    ...app.endpoint('deletePhoto', { changesVehicles: true }),
    handler: async (request) => {
      const { report, storageKey } = await deletePhoto(
        db,
        request.params.id,
        request.params.photoId,
        await request.actor(),
      );
      await store
        .deleteFiles(storageKey)
        .catch((error: unknown) => request.log.warn({ err: error }, 'photo files not deleted'));
      return report;
    },
  });

  routes.route({
    ...app.endpoint('updateConditionReport', { changesVehicles: true }),
    handler: async (request) =>
      updateConditionReport(db, request.params.id, request.body, await request.actor()),
  });

  // Variants never change (their keys are random 128-bit ids): cached for a year. A listing photo
  // shows its car, so it is sent only to whom may see the car (car-visibility.ts); to anyone else it
  // answers as a key that does not exist.
  routes.get<{ Params: { key: string; name: string } }>(
    `${PHOTO_MEDIA_PREFIX}/:key/:name`,
    { config: { access: 'public' } },
    async (request, reply) => {
      const { key, name } = request.params;
      if (!STORAGE_KEY.test(key) || !VARIANT_NAME.test(name)) throw notFound('Not found');
      const sight = await fileSight(db, await vehicleOfPhoto(db, key), () => request.actor());
      if (!sight) throw notFound('Not found');
      const variant = store.files.variant(key, name);
      return sendMedia(
        request,
        reply,
        store.files.storage,
        variant.key,
        variant.contentType,
        sight === 'public' ? IMMUTABLE : PRIVATE_MEDIA,
      );
    },
  );
}
