import type { Config } from '../../config';
import { callJson } from '../integrations/call-json';

type LenderConfig = NonNullable<Config['lender']>;

/** The purchase we ask the lender to floor (NextGear-style request). */
export interface LenderRequest {
  dealer_reference: string;
  account_number: string;
  amount: string;
  currency: 'USD';
  purchase_date: string;
  vehicle: { vin: string; year: number | null; make: string; model: string; mileage: number | null };
  seller: { name: string };
}

/**
 * The floor-plan lender's API (docs/design.md §15), NextGear-style: a Bearer API key;
 * `POST /v1/floorplan-requests` answers 201 `{id, status: "pending"}`; the decision (approved with an
 * approval number, declined with a reason, funded with a funding reference) comes back by signed
 * webhook; `POST /v1/floorplan-requests/{id}/title` tells the lender the title is on its way.
 */
export function lenderApi(config: LenderConfig, timeoutMs = 10_000) {
  const headers = (key: string) => ({
    authorization: `Bearer ${config.apiKey}`,
    'content-type': 'application/json',
    accept: 'application/json',
    'idempotency-key': key,
  });
  return {
    async createRequest(request: LenderRequest, key: string) {
      const answer = (await callJson(
        `${config.baseUrl}/v1/floorplan-requests`,
        { method: 'POST', headers: headers(key), body: JSON.stringify(request) },
        timeoutMs,
      )) as { id?: unknown; status?: unknown };
      if (typeof answer.id !== 'string') throw new Error('the lender answer has no request id');
      return { id: answer.id };
    },
    async sendTitle(requestId: string, title: { carrier: string; tracking_number: string }, key: string) {
      await callJson(
        `${config.baseUrl}/v1/floorplan-requests/${encodeURIComponent(requestId)}/title`,
        { method: 'POST', headers: headers(key), body: JSON.stringify(title) },
        timeoutMs,
      );
    },
  };
}
export type LenderApi = ReturnType<typeof lenderApi>;
