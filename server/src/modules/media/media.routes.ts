import { ERROR_CODES } from '@contracts/errors';
import { VIDEO_UPLOAD_PATH } from '@contracts/upload';
import { MAX_VIDEO_BYTES } from '@contracts/upload-limits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { IMMUTABLE, PRIVATE_MEDIA, sendMedia } from '../../lib/uploads/send-media';
import { createUploadServer, registerUploadRoutes, type UploadGate } from '../../lib/uploads/upload-server';
import { fileSight } from '../car-visibility/car-visibility';
import { type CloudinaryConfig, signVideoUpload } from './cloudinary';
import { carsShowingVideo } from './video-cars';
import type { VideoUploads } from './video-uploads';

export interface MediaRoutesOptions {
  db: Database;
  uploads: VideoUploads;
  cloudinary: CloudinaryConfig | null;
  gate: UploadGate;
  log: (message: string) => void;
}

/** Where videos go (local tus or Cloudinary), and how they come back (range requests). */
export async function mediaRoutes(
  app: FastifyInstance,
  { db, uploads, cloudinary, gate, log }: MediaRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    ...app.endpoint('mediaConfig'),
    handler: async () => ({
      backend: cloudinary ? ('cloudinary' as const) : ('local' as const),
      maxBytes: MAX_VIDEO_BYTES,
      uploadUrl: cloudinary ? null : VIDEO_UPLOAD_PATH,
    }),
  });

  routes.route({
    ...app.endpoint('cloudinarySignature'),
    handler: async () => {
      if (!cloudinary) {
        throw new AppError(
          ERROR_CODES.badRequest,
          'Cloudinary is not configured: videos upload to this server (see GET /api/media/config)',
        );
      }
      return signVideoUpload(cloudinary);
    },
  });

  // Staff upload walkaround videos; dealers, the video of a guarantee claim (issue #18).
  registerUploadRoutes(app, createUploadServer(uploads.storage, uploads.kind, log, gate.quotas), gate);

  routes.route({
    ...app.endpoint('uploadResult'),
    handler: async (request) => {
      const result = await uploads.result(request.params.id);
      if (!result) throw notFound('No finished upload with this id');
      return result;
    },
  });

  // Accepted uploads (their names are random 128-bit ids), served with range requests. A listing's
  // video shows its car, so it is sent only to whom may see the car (car-visibility.ts); to anyone
  // else it answers as a name that does not exist.
  routes.get<{ Params: { name: string } }>(
    '/media/uploads/:name',
    { config: { access: 'public' } },
    async (request, reply) => {
      const stored = await uploads.stored(request.params.name);
      if (!stored) throw notFound('Not found');
      const cars = await carsShowingVideo(db, `/media/uploads/${request.params.name}`);
      const sight = await fileSight(db, cars, () => request.actor());
      if (!sight) throw notFound('Not found');
      return sendMedia(
        request,
        reply,
        uploads.storage,
        stored.key,
        stored.contentType,
        sight === 'public' ? IMMUTABLE : PRIVATE_MEDIA,
      );
    },
  );
}
