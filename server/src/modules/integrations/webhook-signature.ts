import { createHmac, timingSafeEqual } from 'node:crypto';

/** Headers of a signed webhook (ours to the fakes, the carrier's and the lender's to us). */
export const SIGNATURE_HEADER = 'x-webhook-signature';
export const TIMESTAMP_HEADER = 'x-webhook-timestamp';
/** A signed request older (or newer) than this is refused: a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_S = 300;

/** `sha256=` + hex HMAC-SHA256 of "timestamp.body" with the shared secret. */
export const signWebhook = (secret: string, timestamp: number, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/**
 * Whether a webhook's signature is the shared secret's over its timestamp and exact bytes, within
 * the tolerance (constant-time comparison). The raw body is what was signed, not a re-serialised one.
 */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now = Date.now(),
): boolean {
  const signature = headers[SIGNATURE_HEADER];
  const timestamp = Number(headers[TIMESTAMP_HEADER]);
  if (typeof signature !== 'string' || !Number.isInteger(timestamp)) return false;
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_S) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
