import { randomUUID } from 'node:crypto';
import { PHOTO_UPLOAD_PATH } from '@contracts/photos';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { LocalPhotoFiles } from './local-photo-files';
import { addPhotos, deletePhoto, reorderPhotos, updateConditionReport } from './manage-photos';
import { type PhotoStore, STORAGE_KEY, UPLOADER_HEADER, VARIANT_NAME } from './photo-store';
import { PHOTO_MEDIA_PREFIX } from './photo-views';

export interface PhotosRoutesOptions {
  db: Database;
  store: PhotoStore;
}

/** Condition-report photos (issue #17): tus uploads, their status, the admin edits, the variants. */
export async function photosRoutes(app: FastifyInstance, { db, store }: PhotosRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // tus 1.0, as the video upload (media.routes.ts): the tus server reads the raw body itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  for (const url of [PHOTO_UPLOAD_PATH, `${PHOTO_UPLOAD_PATH}/:id`]) {
    routes.route({
      method: ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'],
      url,
      // Staff and admins for listings; dealers for the photos of a guarantee claim (issue #18).
      config: { access: 'session' },
      handler: async (request, reply) => {
        const key = randomUUID();
        // tus reads the node request's headers (and raw headers); a client's own copy is replaced.
        const raw = request.raw;
        const kept: string[] = [];
        for (let i = 0; i < raw.rawHeaders.length; i += 2)
          if (raw.rawHeaders[i]!.toLowerCase() !== UPLOADER_HEADER)
            kept.push(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
        raw.rawHeaders.splice(0, raw.rawHeaders.length, ...kept, UPLOADER_HEADER, key);
        raw.headers[UPLOADER_HEADER] = key;
        store.uploaders.set(key, await request.actor());
        reply.hijack();
        try {
          await store.tus.handle(request.raw, reply.raw);
        } finally {
          store.uploaders.delete(key);
        }
      },
    });
  }

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

  // Variants are public (their keys are random 128-bit ids) and never change: cached for a year.
  await app.register(async (scope) => {
    if (store.files instanceof LocalPhotoFiles)
      await scope.register(fastifyStatic, {
        root: store.files.publicDir,
        serve: false,
        decorateReply: true,
        cacheControl: false,
      });
    scope.get<{ Params: { key: string; name: string } }>(
      `${PHOTO_MEDIA_PREFIX}/:key/:name`,
      { config: { access: 'public' } },
      async (request, reply) => {
        const { key, name } = request.params;
        if (!STORAGE_KEY.test(key) || !VARIANT_NAME.test(name)) throw notFound('Not found');
        return store.files.sendVariant(request, reply, key, name);
      },
    );
  });
}
