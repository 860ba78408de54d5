import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SIGNATURE_HEADER,
  signWebhook,
  TIMESTAMP_HEADER,
} from '../src/modules/integrations/webhook-signature';

/** Credentials the fake carrier and lender accept (the app's CARRIER_* and LENDER_* in tests). */
export const CARRIER_TEST = {
  clientId: 'test-carrier-client',
  clientSecret: 'test-carrier-secret-0123456789',
  webhookSecret: 'carrier-webhook-secret-0123456789',
};
export const LENDER_TEST = {
  apiKey: 'test-lender-key-0123456789',
  webhookSecret: 'lender-webhook-secret-0123456789',
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** Whatever JSON a client sent: the fakes read it field by field, as the real services do. */
// biome-ignore lint/suspicious/noExplicitAny: a request body is checked field by field, not typed
type Body = Record<string, any>;

/** RFC 7396 JSON merge-patch. */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const out: Record<string, unknown> =
    target && typeof target === 'object' && !Array.isArray(target)
      ? { ...(target as Record<string, unknown>) }
      : {};
  for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

export interface FakeCarrierOrder {
  guid: string;
  number: string;
  status: string;
  body: Record<string, unknown>;
}

/**
 * A fake Super Dispatch-style shipper API on 127.0.0.1, strict like the real one: `POST
 * /oauth/token` takes HTTP Basic client id:secret and a form `grant_type=client_credentials`
 * (401 `invalid_client` otherwise) and answers a bearer token; `POST /v1/public/orders` needs that
 * token (401), JSON, a number, pickup and delivery venues with ZIPs and at least one vehicle with a
 * VIN (400 `{status: "fail", data: {message}}`), and answers `{status: "success", data: {object}}`;
 * the same Idempotency-Key answers the same order again. `PATCH /v1/public/orders/{guid}` takes
 * `application/merge-patch+json` only (415) and merges it. `failNext(status)` fails the next
 * requests; `expireTokens()` makes the tokens it issued invalid (401 until a new one).
 */
export async function startFakeCarrier() {
  const orders = new Map<string, FakeCarrierOrder>();
  const byKey = new Map<string, string>();
  const tokens = new Set<string>();
  const failures: number[] = [];
  const requests: { method: string; path: string; contentType: string | undefined }[] = [];
  const patches: { guid: string; patch: unknown }[] = [];

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({ method: req.method!, path, contentType: req.headers['content-type'] });
    const failure = failures.shift();
    if (failure) return send(res, failure, { status: 'fail', data: { message: `fake failure ${failure}` } });
    if (req.method === 'POST' && path === '/oauth/token') {
      const basic = `Basic ${Buffer.from(`${CARRIER_TEST.clientId}:${CARRIER_TEST.clientSecret}`).toString('base64')}`;
      const form = new URLSearchParams(body);
      if (req.headers.authorization !== basic || form.get('grant_type') !== 'client_credentials')
        return send(res, 401, { error: 'invalid_client' });
      const token = randomUUID();
      tokens.add(token);
      return send(res, 200, { access_token: token, token_type: 'bearer', expires_in: 864_000 });
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!tokens.has(bearer)) return send(res, 401, { error: 'invalid_token' });
    if (req.method === 'POST' && path === '/v1/public/orders') {
      if (!req.headers['content-type']?.startsWith('application/json'))
        return send(res, 415, { status: 'fail', data: { message: 'Unsupported media type' } });
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string' && byKey.has(key)) {
        const order = orders.get(byKey.get(key)!)!;
        return send(res, 200, {
          status: 'success',
          data: { object: { ...order.body, guid: order.guid, status: order.status } },
        });
      }
      const order = JSON.parse(body) as Body;
      const missing = [
        !order.number && 'number',
        !order.pickup?.venue?.zip && 'pickup.venue.zip',
        !order.delivery?.venue?.zip && 'delivery.venue.zip',
        !order.vehicles?.[0]?.vin && 'vehicles[0].vin',
        !['OPEN', 'ENCLOSED', 'DRIVEAWAY'].includes(order.transport_type) && 'transport_type',
      ].filter(Boolean);
      if (missing.length > 0)
        return send(res, 400, { status: 'fail', data: { message: 'Validation failed', details: missing } });
      const guid = randomUUID();
      orders.set(guid, { guid, number: order.number, status: 'new', body: order });
      if (typeof key === 'string') byKey.set(key, guid);
      return send(res, 200, { status: 'success', data: { object: { ...order, guid, status: 'new' } } });
    }
    const match = /^\/v1\/public\/orders\/([^/]+)$/.exec(path);
    if (req.method === 'PATCH' && match) {
      if (req.headers['content-type'] !== 'application/merge-patch+json')
        return send(res, 415, { status: 'fail', data: { message: 'Use application/merge-patch+json' } });
      const order = orders.get(decodeURIComponent(match[1]!));
      if (!order) return send(res, 404, { status: 'fail', data: { message: 'Order not found' } });
      const patch = JSON.parse(body);
      patches.push({ guid: order.guid, patch });
      order.body = mergePatch(order.body, patch) as Record<string, unknown>;
      if (typeof (patch as { status?: unknown }).status === 'string')
        order.status = (patch as { status: string }).status;
      return send(res, 200, {
        status: 'success',
        data: { object: { ...order.body, guid: order.guid, status: order.status } },
      });
    }
    return send(res, 404, { status: 'fail', data: { message: 'Not found' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    requests,
    patches,
    failNext: (...statuses: number[]) => failures.push(...statuses),
    expireTokens: () => tokens.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A signed webhook request as the carrier or lender sends it (HMAC over "timestamp.body"). */
export function signedWebhook(
  secret: string,
  event: unknown,
  { timestamp = Math.floor(Date.now() / 1000) } = {},
) {
  const payload = JSON.stringify(event);
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signWebhook(secret, timestamp, payload),
      [TIMESTAMP_HEADER]: String(timestamp),
    },
  };
}

/**
 * A fake NextGear-style floor-plan lender on 127.0.0.1: `POST /v1/floorplan-requests` needs the
 * Bearer API key (401), JSON with account number, amount, VIN (400 `{error}`), answers 201
 * `{id, status: "pending"}` (the same Idempotency-Key: the same request); `POST
 * /v1/floorplan-requests/{id}/title` records the title's carrier and tracking.
 */
export async function startFakeLender() {
  const requests = new Map<string, { id: string; body: Body; title: unknown }>();
  const byKey = new Map<string, string>();
  const failures: number[] = [];
  let serial = 0;
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = (req.url ?? '').split('?')[0]!;
    const failure = failures.shift();
    if (failure) return send(res, failure, { error: `fake failure ${failure}` });
    if (req.headers.authorization !== `Bearer ${LENDER_TEST.apiKey}`)
      return send(res, 401, { error: 'unauthorized' });
    if (req.method === 'POST' && path === '/v1/floorplan-requests') {
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string' && byKey.has(key))
        return send(res, 201, { id: byKey.get(key), status: 'pending' });
      const request = JSON.parse(body) as Body;
      if (!request.account_number || !request.amount || !request.vehicle?.vin)
        return send(res, 400, { error: 'account_number, amount and vehicle.vin are required' });
      const id = `NG-${String(++serial).padStart(6, '0')}`;
      requests.set(id, { id, body: request, title: null });
      if (typeof key === 'string') byKey.set(key, id);
      return send(res, 201, { id, status: 'pending' });
    }
    const match = /^\/v1\/floorplan-requests\/([^/]+)\/title$/.exec(path);
    if (req.method === 'POST' && match) {
      const request = requests.get(decodeURIComponent(match[1]!));
      if (!request) return send(res, 404, { error: 'not found' });
      request.title = JSON.parse(body);
      return send(res, 200, { id: request.id, title: 'in_transit' });
    }
    return send(res, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (...statuses: number[]) => failures.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
