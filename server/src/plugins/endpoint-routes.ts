import { API_ROUTES, type ApiRouteName } from '@contracts/api-routes';
import { endpointSchemas } from '@contracts/endpoints';

type Schemas = ReturnType<typeof endpointSchemas>;
type Field<E, K extends string> = E extends Record<K, infer S> ? S : undefined;

/** Route options that only the server needs (never part of the contract). */
export interface RouteExtras {
  /** A success can change what the public vehicle list shows (drops the list cache). */
  changesVehicles?: true;
}

/**
 * The endpoint table, with the configured brand's certification name (listing completion accepts
 * it): `route('updateOffer')` gives that endpoint's method, URL, access and request/response schemas,
 * ready to spread into `routes.route({...route('updateOffer'), handler})`, with handler types
 * inferred from the schemas by the zod type provider.
 */
export function endpointRoutes(premiumLabel: string) {
  const table = endpointSchemas(premiumLabel);
  return function route<N extends ApiRouteName>(name: N, extras: RouteExtras = {}) {
    const { method, path, access } = API_ROUTES[name];
    const entry = table[name] as Schemas[N] & { params?: unknown; query?: unknown; body?: unknown };
    return {
      method,
      url: path,
      config: { access, ...extras },
      schema: {
        params: entry.params as Field<Schemas[N], 'params'>,
        querystring: entry.query as Field<Schemas[N], 'query'>,
        body: entry.body as Field<Schemas[N], 'body'>,
        response: entry.response as Schemas[N]['response'],
      },
    };
  };
}
export type EndpointRoute = ReturnType<typeof endpointRoutes>;
