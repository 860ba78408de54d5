import { ERROR_CODES } from '@contracts/errors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Security headers with a CSP the built app passes, and a cross-site check on every mutation. */
export async function registerSecurity(
  app: FastifyInstance,
  options: { publicOrigin: string | undefined; extraConnectSources: string[] },
) {
  const isHttps = options.publicOrigin?.startsWith('https://') ?? false;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'media-src': ["'self'", 'blob:', 'https:'],
        'connect-src': ["'self'", ...options.extraConnectSources],
        'font-src': ["'self'", 'data:'],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': isHttps ? [] : null,
      },
    },
    strictTransportSecurity: isHttps ? { maxAge: 15552000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  // Browsers say where a request comes from; a mutation from another site is refused (CSRF).
  app.addHook('onRequest', async (request) => {
    if (!MUTATING.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site') {
      throw new AppError(ERROR_CODES.forbidden, 'Cross-site requests are not allowed');
    }
    const origin = request.headers.origin;
    if (!origin || origin === 'null') return;
    const allowed = new Set<string>();
    if (options.publicOrigin) allowed.add(new URL(options.publicOrigin).origin);
    const host = request.headers.host;
    if (host) allowed.add(`${request.protocol}://${host}`);
    if (!allowed.has(origin)) {
      throw new AppError(ERROR_CODES.forbidden, 'Cross-site requests are not allowed');
    }
  });
}
