import { PermanentFailure } from './integration-outbox';

/**
 * One JSON call to a carrier or lender API, bounded in time. A 2xx answer's JSON comes back; a 4xx
 * other than 408 and 429 is permanent (retrying the same request cannot help); a 5xx, 408, 429, a
 * timeout or a network error is worth retrying.
 */
export async function callJson(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs = 10_000,
): Promise<unknown> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  if (!response.ok) {
    const message = `${init.method} ${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 200)}`;
    if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429)
      throw new PermanentFailure(message);
    throw new Error(message);
  }
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw new Error(`${init.method} ${new URL(url).pathname} answered ${response.status} with no JSON`);
  }
}
