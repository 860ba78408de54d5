import { ERROR_CODES } from '@contracts/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/app-error';
import { verifyWebhook } from './webhook-signature';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes of a webhook's JSON body (what its signature covers). */
    rawBody?: string;
  }
}

/**
 * Keeps the raw JSON body of the routes registered in this (encapsulated) plugin, so a webhook's
 * HMAC is checked over the bytes that were signed, not a re-serialisation of them.
 */
export function keepRawJson(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch {
      done(badRequest('The body is not valid JSON'), undefined);
    }
  });
}

/** Refuses (401, logged) a webhook whose signature is not the shared secret's over its raw body. */
export function assertSigned(request: FastifyRequest, secret: string, source: string) {
  if (!verifyWebhook(secret, request.headers, request.rawBody ?? '')) {
    request.log.warn({ source, url: request.url }, 'webhook refused: bad or missing signature');
    throw new AppError(ERROR_CODES.unauthorized, 'Bad or missing signature');
  }
}
