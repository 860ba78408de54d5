import { ERROR_CODES } from '@contracts/errors';
import { MAX_VIDEO_BYTES } from '@contracts/limits';
import { VIDEO_UPLOAD_PATH } from '@contracts/upload';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../lib/app-error';
import { type CloudinaryConfig, signVideoUpload } from './cloudinary';
import { LOCAL_MEDIA_URL, type VideoUploads } from './local-uploads';

export interface MediaRoutesOptions {
  uploads: VideoUploads;
  cloudinary: CloudinaryConfig | null;
}

/** Where videos go (local tus or Cloudinary), and how they come back (range requests). */
export async function mediaRoutes(app: FastifyInstance, { uploads, cloudinary }: MediaRoutesOptions) {
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

  // tus 1.0: the tus server reads the raw request body itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const tusHandler = async (
    request: { raw: import('node:http').IncomingMessage },
    reply: { hijack(): void; raw: import('node:http').ServerResponse },
  ) => {
    reply.hijack();
    await uploads.tus.handle(request.raw, reply.raw);
  };
  for (const url of [VIDEO_UPLOAD_PATH, `${VIDEO_UPLOAD_PATH}/:id`]) {
    routes.route({
      method: ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'],
      url,
      // Staff upload walkaround videos; dealers, the video of a guarantee claim (issue #18).
      config: { access: 'session' },
      handler: tusHandler,
    });
  }

  routes.route({
    ...app.endpoint('uploadResult'),
    handler: async (request) => {
      const result = await uploads.result(request.params.id);
      if (!result) throw notFound('No finished upload with this id');
      return result;
    },
  });

  // Accepted uploads are public (their names are random 128-bit ids), served with range requests
  // from this instance's disk or streamed from the bucket.
  await app.register(async (scope) => {
    if (uploads.directory)
      await scope.register(fastifyStatic, {
        root: uploads.directory,
        serve: false,
        decorateReply: true,
        cacheControl: false,
      });
    scope.get<{ Params: { name: string } }>(
      '/media/uploads/:name',
      { config: { access: 'public' } },
      async (request, reply) => {
        const url = `/media/uploads/${request.params.name}`;
        const id = LOCAL_MEDIA_URL.exec(url)?.[1];
        const result = id ? await uploads.result(id) : null;
        if (!result || (url !== result.url && url !== result.thumbnailUrl)) throw notFound('Not found');
        return uploads.send(request, reply, request.params.name);
      },
    );
  });
}
