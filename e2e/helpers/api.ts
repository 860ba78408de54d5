import { expect } from 'vitest';

/** The ids the public vehicle list of a running app shows, as a visitor reads them. */
export const publicIds = async (baseUrl: string) =>
  ((await (await fetch(`${baseUrl}/api/vehicles`)).json()) as { id: number }[]).map((v) => v.id);

/** Buy Now through the API with a buy code (POST /api/verify-code), which must sell: the sale's id. */
export async function buyNow(baseUrl: string, code: string, vehicleId: number) {
  const bought = await fetch(`${baseUrl}/api/verify-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, vehicleId }),
  });
  expect(bought.status).toBe(200);
  return ((await bought.json()) as { transactionId: number }).transactionId;
}
