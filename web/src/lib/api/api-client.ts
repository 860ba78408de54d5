import type { EndpointBody, EndpointQuery, EndpointResponse } from '@contracts/endpoints';
import { API_ROUTES, type ApiRouteName } from './api-routes';

/**
 * The one HTTP client (docs/product.md §7): credentials always sent, JSON content type only with a body,
 * error message = body `message`, else `error`, else status + text. Sessions are HttpOnly
 * cookies, so nothing secret is ever attached by this code.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    return new ApiError(response.status, text || `${response.status} ${response.statusText}`.trim());
  }
  const fields = (body ?? {}) as { message?: unknown; error?: unknown };
  const message =
    typeof fields.message === 'string'
      ? fields.message
      : typeof fields.error === 'string'
        ? fields.error
        : `${response.status} ${response.statusText}`.trim();
  return new ApiError(response.status, message, body);
}

export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  options: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...options.headers };
  const init: RequestInit = { method, credentials: 'include', headers, signal: options.signal };
  if (body instanceof FormData) {
    // Multipart: the browser sets the content type with its boundary.
    init.body = body;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

type PathOf<N extends ApiRouteName> = (typeof API_ROUTES)[N]['path'];

/** `{id: …}` for '/api/offers/:id', `{}` for a path without parameters. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

/** The URL of an endpoint: each `:name` replaced by its encoded value, then the query string. */
export function apiPath<N extends ApiRouteName>(
  name: N,
  params: PathParams<PathOf<N>>,
  query?: Record<string, string | number | undefined>,
): string {
  const values = params as Record<string, string | number>;
  const path = API_ROUTES[name].path.replace(/:([A-Za-z]+)/g, (_m, key: string) =>
    encodeURIComponent(String(values[key])),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
/** `params` is required exactly when the endpoint's path has `:name` parts. */
type ParamsOption<N extends ApiRouteName> = keyof PathParams<PathOf<N>> extends never
  ? { params?: undefined }
  : { params: PathParams<PathOf<N>> };
export type ApiCall<N extends ApiRouteName> = ParamsOption<N> & {
  query?: EndpointQuery<N>;
  body?: EndpointBody<N> | FormData;
  headers?: Record<string, string>;
  /** Aborts the request (a search typed over by the next keystroke). */
  signal?: AbortSignal;
};

/**
 * Calls endpoint N of the one endpoint table (contracts/endpoints.ts): its method and path from
 * api-routes.ts (generated from the table), its body and answer types from the table itself through
 * type-only imports, so no schema is bundled here.
 */
export function callApi<N extends ApiRouteName>(
  name: N,
  ...[call]: keyof PathParams<PathOf<N>> extends never ? [ApiCall<N>?] : [ApiCall<N>]
): Promise<EndpointResponse<N>> {
  const { params, query, body, headers, signal } = (call ?? {}) as ApiCall<N>;
  const url = apiPath(
    name,
    (params ?? {}) as PathParams<PathOf<N>>,
    query as Record<string, string | number>,
  );
  return apiRequest<EndpointResponse<N>>(API_ROUTES[name].method, url, body, { headers, signal });
}

/** A data read through the endpoint table: a 401 resolves to null instead of an error (docs/product.md §7). */
export async function readApi<N extends ApiRouteName>(
  name: N,
  ...args: keyof PathParams<PathOf<N>> extends never ? [ApiCall<N>?] : [ApiCall<N>]
): Promise<EndpointResponse<N> | null> {
  try {
    return await callApi(name, ...args);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
