import { type ApiRouteName, endpointTable } from '@contracts/endpoints';

type Table = ReturnType<typeof endpointTable>;
type Field<E, K extends string> = E extends Record<K, infer S> ? S : undefined;

/** Route options that only the server needs (never part of the contract). */
export interface RouteExtras {
  /** A success can change what the public vehicle list shows (drops the list cache). */
  changesVehicles?: true;
  /**
   * The cross-site check (plugins/security.ts) does not apply: only for a route whose authority is
   * a token in its URL, never a cookie (the RFC 8058 one-click unsubscribe).
   */
  crossSiteAllowed?: true;
}

/**
 * The endpoint table, with the configured brand's certification name (listing completion accepts
 * it): `route('updateOffer')` gives that endpoint's method, URL, access and request/response schemas,
 * ready to spread into `routes.route({...route('updateOffer'), handler})`, with handler types
 * inferred from the schemas by the zod type provider.
 */
export function endpointRoutes(premiumLabel: string) {
  const table = endpointTable(premiumLabel);
  return function route<N extends ApiRouteName>(name: N, extras: RouteExtras = {}) {
    const entry = table[name] as Table[N] & { params?: unknown; query?: unknown; body?: unknown };
    const { method, path, access, tag, summary } = entry;
    // Only the schemas the endpoint has: Fastify warns about a schema key set to undefined.
    const schema = Object.fromEntries(
      Object.entries({
        params: entry.params,
        querystring: entry.query,
        body: entry.body,
        response: entry.response,
      }).filter(([, value]) => value !== undefined),
    ) as {
      params: Field<Table[N], 'params'>;
      querystring: Field<Table[N], 'query'>;
      body: Field<Table[N], 'body'>;
      response: Table[N]['response'];
    };
    // The OpenAPI document's operation: the table's name, the entry's summary and group.
    const docs = { operationId: name, summary, tags: [tag], description: `Who may call it: ${access}.` };
    return { method, url: path, config: { access, ...extras }, schema: { ...schema, ...docs } };
  };
}
export type EndpointRoute = ReturnType<typeof endpointRoutes>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The endpoint table's route options by name (see endpointRoutes); set once in app.ts. */
    endpoint: EndpointRoute;
  }
}
