import { ERROR_CODES } from '@contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client';
import { AppError } from '../../lib/app-error';

/** Liveness and readiness for load balancers (docs/design.md §5). */
export async function healthRoutes(
  app: FastifyInstance,
  options: { database: DbHandle; isShuttingDown: () => boolean },
) {
  app.get('/healthz', { config: { access: 'public' } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { config: { access: 'public' } }, async () => {
    if (options.isShuttingDown()) throw new AppError(ERROR_CODES.unavailable, 'Shutting down');
    try {
      await options.database.ping();
    } catch {
      throw new AppError(ERROR_CODES.unavailable, 'Database unavailable');
    }
    return { status: 'ready' };
  });
}
