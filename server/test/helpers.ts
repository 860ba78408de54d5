import { BUY_CODE_LENGTH } from '@contracts/limits';
import { expect } from 'vitest';
import type { App } from '../src/app';
import type { Database } from '../src/db/client';
import type { buyCodes, dealers } from '../src/db/schema';
import { BUY_CODE_ALPHABET } from '../src/modules/buy-codes/buy-code-alphabet';
import { vehicleSoldMessage } from '../src/modules/notifications/sale-messages';
import { insertBuyCodeRow, insertDealer } from './factories';

/**
 * What API tests do over and over: make a buy code, a dealer holding one, an offer, a Buy Now, read
 * the public list. Each test file loads its own copy of this module (and has its own app), so the
 * serials below are unique within a file, which is all a file's database needs.
 */

let codeSerial = 0;
/**
 * A valid buy code (BUY_CODE_LENGTH symbols of the code alphabet) no other call in this file returns:
 * `prefix` and then the serial, in the alphabet's digits. The prefix keeps the codes apart from the
 * fixed ones a test writes (insertBuyCodeRow's default starts with T; the default here is Z).
 */
export function nextCode(prefix = 'Z'): string {
  codeSerial++;
  let rest = codeSerial;
  let digits = '';
  for (let i = prefix.length; i < BUY_CODE_LENGTH; i++) {
    digits = BUY_CODE_ALPHABET[rest % BUY_CODE_ALPHABET.length] + digits;
    rest = Math.floor(rest / BUY_CODE_ALPHABET.length);
  }
  return prefix + digits;
}

let addressSerial = 0;
/** A client address no other call in this file returns, so a per-IP limit bites only where a test wants. */
export function nextAddress(): string {
  const n = addressSerial++;
  return `10.${200 + Math.floor(n / 62_500)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/** A dealer with an active buy code of its own (nextCode() unless `code` is given). */
export async function dealerWithCode(
  db: Database,
  options: {
    code?: string;
    /** The rest of the code's row: limits, expiry, holder, active. */
    buyCode?: Omit<Partial<typeof buyCodes.$inferInsert>, 'code' | 'dealerId'>;
    dealer?: Partial<typeof dealers.$inferInsert>;
  } = {},
) {
  const dealer = await insertDealer(db, options.dealer);
  const buyCode = await insertBuyCodeRow(db, {
    dealerId: dealer.id,
    code: options.code ?? nextCode(),
    ...options.buyCode,
  });
  return { dealer, code: buyCode.code, buyCode };
}

interface RequestOptions {
  /** The client address (default: a fresh one, nextAddress()). */
  from?: string;
  headers?: Record<string, string>;
}

/** Make Offer (POST /api/vehicles/:id/offers) with a buy code, as the vehicle page sends it. */
export const makeOffer = (
  app: App,
  vehicleId: number,
  buyCode: string,
  { amount = '15000', from = nextAddress(), headers = {} }: RequestOptions & { amount?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: `/api/vehicles/${vehicleId}/offers`,
    payload: { amount, buyCode },
    headers,
    remoteAddress: from,
  });

/** Buy Now (POST /api/verify-code) with a buy code, as the vehicle page sends it. */
export const buyNow = (
  app: App,
  code: string,
  vehicleId: number | string,
  { from = nextAddress(), headers = {} }: RequestOptions = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/verify-code',
    payload: { code, vehicleId },
    headers,
    remoteAddress: from,
  });

/** makeOffer that must succeed (201): the new offer's id. */
export async function madeOffer(...args: Parameters<typeof makeOffer>) {
  const res = await makeOffer(...args);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** buyNow that must succeed (200): the sale's transaction id. */
export async function boughtNow(...args: Parameters<typeof buyNow>) {
  const res = await buyNow(...args);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().transactionId as number;
}

/** The ids the public vehicle list shows, as a visitor reads them. */
export const publicIds = async (app: App) =>
  ((await app.inject('/api/vehicles')).json() as { id: number }[]).map((v) => v.id);

/**
 * A real template's message about made-up car number `n` (its own subject per n: "… Car n for
 * $n.00"), for tests that only need rows in the outbox.
 */
export const soldMessage = (n: number) =>
  vehicleSoldMessage({
    vehicle: {
      id: n,
      year: 2020,
      make: 'Test',
      model: `Car ${n}`,
      vin: `TEST${String(n).padStart(13, '0')}`,
      price: null,
    },
    dealerName: 'Test Motors',
    amount: `${n}.00`,
    transactionId: n,
  });

/**
 * Queries a dealer's short list paged by the server (`dealerListQuerySchema`) refuses with a 400: a
 * limit out of range or not a number, a cursor not base64url or not one of ours, an id not positive.
 */
export const BAD_DEALER_LIST_QUERIES = [
  'limit=0',
  'limit=101',
  'limit=x',
  'cursor=%E2%9C%93',
  'cursor=bm90IGEgY3Vyc29y',
  'id=abc',
  'id=-1',
] as const;

/**
 * Every row of a list paged by the server (contracts/paging.ts), page after page from `path`
 * (which may hold its own query): checks the walk on the way (no row twice, as many as `total`).
 */
export async function walkPages<T extends { id: number }>(
  get: (url: string) => Promise<{ statusCode: number; body: string; json: () => unknown }>,
  path: string,
  limit = 100,
): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  let total = -1;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const url = `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: T[]; nextCursor: string | null; total: number };
    rows.push(...page.items);
    cursor = page.nextCursor;
    total = page.total;
  } while (cursor);
  expect(new Set(rows.map((r) => r.id)).size, `${path}: no row twice`).toBe(rows.length);
  expect(rows.length, `${path}: as many rows as the total`).toBe(total);
  return rows;
}

/** The orders the admin's money lists share: made newest or oldest first, or the amount highest first; ties by id the same way. */
interface Dated {
  id: number;
  createdAt: string;
  amount: string;
}
const madeAt = (r: Dated) => Date.parse(r.createdAt);
const MONEY_LIST_ORDERS = {
  newest: (a: Dated, b: Dated) => madeAt(b) - madeAt(a) || b.id - a.id,
  oldest: (a: Dated, b: Dated) => madeAt(a) - madeAt(b) || a.id - b.id,
  amount: (a: Dated, b: Dated) => Number(b.amount) - Number(a.amount) || b.id - a.id,
};

/** Walks `path` (its query started) under each of those orders, 1, 3 and 100 rows a page: exactly `rows`, in order. */
export async function expectEachOrder(
  get: Parameters<typeof walkPages>[0],
  path: string,
  rows: readonly Dated[],
) {
  for (const [sort, compare] of Object.entries(MONEY_LIST_ORDERS))
    for (const limit of [1, 3, 100]) {
      const walked = await walkPages<Dated>(get, `${path}&sort=${sort}`, limit);
      expect(
        walked.map((r) => r.id),
        `${sort} by ${limit}`,
      ).toEqual([...rows].sort(compare).map((r) => r.id));
    }
}
