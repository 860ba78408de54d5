import type { Config } from '../../config';
import { callJson } from '../integrations/call-json';
import { PermanentFailure } from '../integrations/integration-outbox';

type CarrierConfig = NonNullable<Config['carrier']>;

/** The order we post (Super Dispatch shipper API's shape, the fields we use). */
export interface CarrierOrder {
  number: string;
  transport_type: 'OPEN' | 'ENCLOSED';
  price: number;
  instructions: string;
  pickup: {
    first_available_pickup_date: string;
    scheduled_at: string;
    scheduled_ends_at: string;
    date_type: 'estimated';
    venue: { name: string; address: string; city: string; state: string; zip: string };
  };
  delivery: {
    scheduled_at: string;
    scheduled_ends_at: string;
    date_type: 'estimated';
    notes: string;
    venue: {
      name: string;
      address: string;
      city: string;
      state: string;
      zip: string;
      business_type: 'DEALER';
      contact_name: string;
      contact_phone: string;
    };
  };
  vehicles: {
    vin: string;
    year: number | null;
    make: string;
    model: string;
    is_inoperable: boolean;
    type: string;
  }[];
}

/**
 * The carrier's API (docs/design.md §15), Super Dispatch-style: an OAuth2 client-credentials token
 * (HTTP Basic client id:secret, form `grant_type=client_credentials`), kept until a minute before it
 * expires; `POST /v1/public/orders` answers `{status, data: {object: {guid, number, status}}}`;
 * changes go as JSON merge-patch (RFC 7396) to `PATCH /v1/public/orders/{guid}`.
 */
export function carrierApi(config: CarrierConfig, timeoutMs = 10_000) {
  let token: { value: string; until: number } | null = null;

  async function accessToken() {
    if (token && Date.now() < token.until) return token.value;
    const answer = (await callJson(
      `${config.baseUrl}/oauth/token`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      },
      timeoutMs,
    )) as { access_token?: unknown; expires_in?: unknown };
    if (typeof answer.access_token !== 'string')
      throw new Error('the carrier token answer has no access_token');
    const expiresIn = typeof answer.expires_in === 'number' ? answer.expires_in : 3600;
    token = { value: answer.access_token, until: Date.now() + Math.max(0, expiresIn - 60) * 1000 };
    return token.value;
  }

  /** One authorised call; a 401 drops the token and tries once more with a new one. */
  async function authorised(path: string, method: string, body: unknown, contentType: string, key: string) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await callJson(
          `${config.baseUrl}${path}`,
          {
            method,
            headers: {
              authorization: `Bearer ${await accessToken()}`,
              'content-type': contentType,
              accept: 'application/json',
              'idempotency-key': key,
            },
            body: JSON.stringify(body),
          },
          timeoutMs,
        );
      } catch (error) {
        if (attempt === 0 && error instanceof PermanentFailure && / answered 401/.test(error.message)) {
          token = null;
          continue;
        }
        throw error;
      }
    }
  }

  return {
    async createOrder(order: CarrierOrder, key: string) {
      const answer = (await authorised('/v1/public/orders', 'POST', order, 'application/json', key)) as {
        data?: { object?: { guid?: unknown; number?: unknown } };
      };
      const guid = answer.data?.object?.guid;
      if (typeof guid !== 'string') throw new Error('the carrier answer has no order guid');
      const number = answer.data?.object?.number;
      return { guid, number: typeof number === 'string' ? number : order.number };
    },
    async patchOrder(guid: string, patch: Record<string, unknown>, key: string) {
      await authorised(
        `/v1/public/orders/${encodeURIComponent(guid)}`,
        'PATCH',
        patch,
        'application/merge-patch+json',
        key,
      );
    },
  };
}
export type CarrierApi = ReturnType<typeof carrierApi>;
