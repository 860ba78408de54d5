import { ERROR_CODES } from '@contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

/**
 * One error model: every failure answers `{message, code}`. Client errors say what was wrong;
 * server errors say nothing about the internals (no stack, no SQL) and are logged with the request id.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({
          message: error.message,
          code: error.code,
          ...(error.reason === undefined ? {} : { reason: error.reason }),
        });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = issue?.message ?? 'Invalid input';
      return reply.code(400).send({
        message: field && message === 'Invalid input' ? `${field}: ${message}` : message,
        code: ERROR_CODES.badRequest,
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code =
        status === 413
          ? ERROR_CODES.payloadTooLarge
          : status === 415
            ? ERROR_CODES.unsupportedMediaType
            : status === 429
              ? ERROR_CODES.tooManyRequests
              : ERROR_CODES.badRequest;
      return reply.code(status).send({ message: error.message, code });
    }
    // The logger's err serializer (loggableError) keeps a failed query's values out of the log.
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: ERROR_CODES.internal });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
      code: ERROR_CODES.notFound,
    });
  });
}
