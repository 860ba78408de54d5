/**
 * The one HTTP client (spec §7): credentials always sent, JSON content type only with a body,
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
  options: { headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...options.headers };
  const init: RequestInit = { method, credentials: 'include', headers };
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

/** A data read: a 401 resolves to null instead of an error (spec §7). */
export async function getJson<T>(url: string): Promise<T | null> {
  try {
    return await apiRequest<T>('GET', url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
