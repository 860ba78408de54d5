import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PROJECT_ROOT } from '../project-root';

export const DEMO_MEDIA_DIR = join(PROJECT_ROOT, 'server/demo-media');
export const DEMO_VIDEO_URL = '/media/demo/walkaround.webm';
export const DEMO_THUMBNAIL_URL = '/media/demo/walkaround.jpg';

/** The demo walkaround video and its poster, with HTTP range requests so video seeking works. */
export async function registerDemoMedia(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: DEMO_MEDIA_DIR,
    serve: false,
    decorateReply: true,
    cacheControl: false,
  });
  app.get<{ Params: { '*': string } }>(
    '/media/demo/*',
    { config: { access: 'public' } },
    async (request, reply) => {
      return reply.header('cache-control', 'public, max-age=86400').sendFile(request.params['*']);
    },
  );
}
