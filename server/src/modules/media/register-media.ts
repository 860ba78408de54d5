import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { MediaStorage } from '../../lib/uploads/media-storage';
import type { UploadGate } from '../../lib/uploads/upload-server';
import { mediaRoutes } from './media.routes';
import { VideoUploads } from './video-uploads';

/**
 * The media module: walkaround and claim videos, uploaded to this server's storage (tus) or to
 * Cloudinary, and its routes. Answers which video URLs a listing and a claim may name.
 */
export async function registerMedia(
  app: FastifyInstance,
  {
    config,
    db,
    storage,
    gate,
    log,
  }: {
    config: Config;
    /** Which car a served video shows, to ask whether the caller may see it (car-visibility.ts). */
    db: Database;
    storage: MediaStorage;
    gate: UploadGate;
    log: (message: string) => void;
  },
) {
  const uploads = new VideoUploads(storage, log);
  await app.register(mediaRoutes, { db, uploads, cloudinary: config.cloudinary, gate, log });
  const cloudinaryPrefix = config.cloudinary
    ? `https://res.cloudinary.com/${config.cloudinary.cloudName}/`
    : null;
  const fromCloudinary = (url: string) => !!cloudinaryPrefix && url.startsWith(cloudinaryPrefix);
  return {
    /** A listing's video: a Cloudinary one, or any finished upload of this server. */
    isKnownVideo: async (url: string) => fromCloudinary(url) || uploads.isAccepted(url),
    /** A claim's video: a Cloudinary one, else only a video this person uploaded (issue #28). */
    isOwnVideo: async (url: string, actor: Actor) =>
      fromCloudinary(url) || uploads.isAcceptedFrom(url, actor),
  };
}
