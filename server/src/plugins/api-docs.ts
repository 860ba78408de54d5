import { API_TAGS, endpointTable } from '@contracts/endpoints';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { escapeHtml } from '../lib/escape-html';

/**
 * Registers the OpenAPI generator (before the routes, so it sees them all). Every operation is
 * tagged with its guard (`access: admin` …) by the access plugin; errors share one shape.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { productName: string; publicOrigin: string },
) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${options.productName} API`,
        version: '1.0.0',
        description:
          'Every error answers `{"message": string, "code": string}` with a 4xx status (5xx never carries details). ' +
          'Sessions are HttpOnly cookies set by the sign-in endpoints, or the same token as `Authorization: Bearer`. ' +
          'Each operation says who may call it. Photos and videos upload with tus 1.0 (not listed here): ' +
          '`/api/photo-uploads` and the path `GET /api/media/config` names.',
        license: { name: 'Proprietary', url: 'https://example.com/license' },
        contact: { name: 'API support' },
      },
      // Where the API answers: the configured public origin, else this server on localhost.
      servers: [{ url: options.publicOrigin, description: 'This instance' }],
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'dm_admin_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
}

type Operation = { operationId?: string; summary?: string };

/** Who may call an operation: the endpoint table's access level of its name (no schema depends on it). */
const ACCESS = new Map(Object.entries(endpointTable('')).map(([name, entry]) => [name, entry.access]));
const accessOf = (operationId: string | undefined) => (operationId && ACCESS.get(operationId)) || '';
type OpenApiDocument = { paths?: Record<string, Record<string, Operation>> };

/** GET /api/openapi.json and a readable index at /api/docs; admin-only unless API_DOCS_PUBLIC=true. */
export async function apiDocsRoutes(app: FastifyInstance, options: { isPublic: boolean }) {
  const access = options.isPublic ? ('public' as const) : ('admin' as const);
  app.get('/api/openapi.json', { config: { access }, schema: { hide: true } }, async () => app.swagger());
  app.get('/api/docs', { config: { access }, schema: { hide: true } }, async (_request, reply) => {
    const doc = app.swagger() as OpenApiDocument;
    const rows = Object.entries(doc.paths ?? {})
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(
          ([method, op]) =>
            `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(op.summary ?? '')} (<code>${escapeHtml(op.operationId ?? '')}</code>)</td><td>${escapeHtml(accessOf(op.operationId))}</td></tr>`,
        ),
      )
      .join('');
    return (
      reply
        .type('text/html; charset=utf-8')
        // The one HTML answer under /api: it needs its inline style and nothing else.
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
        )
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API</title><style>body{font:14px system-ui;margin:2rem}td{padding:.25rem .75rem;border-bottom:1px solid #ddd}</style></head><body><h1>API</h1><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>. Errors answer <code>{"message","code"}</code>.</p><table><thead><tr><th>Method</th><th>Path</th><th>Operation</th><th>Who may call it</th></tr></thead><tbody>${rows}</tbody></table></body></html>`,
        )
    );
  });
}
