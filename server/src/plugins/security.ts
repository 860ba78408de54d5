import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CODES } from '@contracts/errors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../lib/app-error';
import { TAP_CAPTURE_SCRIPT_HASH } from './tap-capture';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The headers one helmet configuration sets, computed once. Our policies hold no per-request
 * values (no nonces), so every response can reuse them; building helmet per request (as
 * @fastify/helmet does) cost ~7% of a detail request.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers on every response and a cross-site check on every mutation. Pages get a CSP
 * the built app passes; JSON API answers are never documents, so they get the strictest one.
 */
export function registerSecurity(
  app: FastifyInstance,
  options: { publicOrigin: string | undefined; extraConnectSources: string[] },
) {
  const isHttps = options.publicOrigin?.startsWith('https://') ?? false;
  const common: HelmetOptions = {
    strictTransportSecurity: isHttps ? { maxAge: 15552000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
  const pageHeaders = helmetHeaders({
    ...common,
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        // The one inline script: it holds taps made before the app runs (tap-capture.ts, ADR 0020).
        'script-src': ["'self'", TAP_CAPTURE_SCRIPT_HASH],
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
  });
  const apiHeaders = helmetHeaders({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
    },
  });

  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders);
    done();
  });

  // Browsers say where a request comes from; a mutation from another site is refused (CSRF).
  // One exception, declared on its route (config.crossSiteAllowed): the RFC 8058 one-click
  // unsubscribe, which a mail provider or webmail page POSTs from elsewhere by design; it reads no
  // cookie or session, only the signed token in its URL, so a forged request gains nothing.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!MUTATING.has(request.method)) return done();
    if (request.routeOptions.config?.crossSiteAllowed === true) return done();
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site') {
      return done(new AppError(ERROR_CODES.forbidden, 'Cross-site requests are not allowed'));
    }
    const origin = request.headers.origin;
    // No Origin: an API client (Bearer token) or an old browser's same-origin request. 'null' is
    // an opaque origin (sandboxed iframe, data: page, cross-origin redirect), never one of our
    // pages, so it is refused like any other site, with or without a cookie (no login CSRF either).
    if (!origin) return done();
    const allowed = new Set<string>();
    if (options.publicOrigin) allowed.add(new URL(options.publicOrigin).origin);
    const host = request.headers.host;
    if (host) allowed.add(`${request.protocol}://${host}`);
    if (!allowed.has(origin)) {
      return done(new AppError(ERROR_CODES.forbidden, 'Cross-site requests are not allowed'));
    }
    done();
  });
}
