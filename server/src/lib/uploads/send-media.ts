import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../app-error';
import type { MediaStorage } from './media-storage';

/** Media never change once written (random 128-bit names): browsers keep them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A file only this session may see (a car held for its first look): revalidated each time, kept by no shared cache. */
export const PRIVATE_MEDIA = 'private, no-cache';

/**
 * Answers a media request from storage as a static file server would: 200, or 206 with
 * Content-Range for one byte range (416 with the size for a range outside it), HEAD with the
 * length only, ETag and Last-Modified (304 for a matching If-None-Match), cached for a year.
 */
export async function sendMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: MediaStorage,
  key: string,
  contentType: string,
  /** The Cache-Control to answer with (default: IMMUTABLE, for anyone to keep). */
  cacheControl = IMMUTABLE,
) {
  const opened = await storage.open(key, request.headers.range, request.method === 'HEAD');
  if (!opened) throw notFound('Not found');
  if ('unsatisfiable' in opened)
    return reply.code(416).header('content-range', `bytes */${opened.size}`).send();
  reply
    .header('content-type', contentType)
    .header('accept-ranges', 'bytes')
    .header('cache-control', cacheControl);
  if (opened.etag) reply.header('etag', opened.etag);
  if (opened.lastModified) reply.header('last-modified', opened.lastModified.toUTCString());
  if (opened.etag && request.headers['if-none-match'] === opened.etag) {
    opened.body?.destroy();
    return reply.code(304).send();
  }
  reply.header('content-length', opened.length);
  if (opened.contentRange) reply.code(206).header('content-range', opened.contentRange);
  // HEAD: an empty stream, not an empty body, or Fastify would set Content-Length to 0.
  return reply.send(opened.body ?? Readable.from([]));
}
