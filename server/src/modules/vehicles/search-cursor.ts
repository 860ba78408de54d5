import { SEARCH_TEXT } from '@contracts/vehicle-search';
import type { VehicleSort } from '@contracts/vehicle-search-options';
import type { VehicleSortKey } from '../../db/schema';
import { badRequest } from '../../lib/app-error';

/** Where a page ended: the last row's sort key and tie-break (`id` or `-id`), for one sort. */
export interface SearchPosition {
  key: string | number;
  tieBreak: number;
}

interface CursorJson {
  /** The sort it belongs to: a position means nothing in another order. */
  s: VehicleSort;
  k: string | number;
  t: number;
}

const MAX_INT = 2_147_483_647;
const isInt = (value: unknown): value is number =>
  Number.isInteger(value) && Math.abs(value as number) <= MAX_INT;
/** A numeric(10,2) key or its sentinel (10^8), as PostgreSQL writes numerics. */
const DECIMAL = /^\d{1,9}(?:\.\d{1,2})?$/;

/** base64url JSON: opaque to clients, and short (~40 characters). */
export const encodeCursor = (sort: VehicleSort, position: SearchPosition) =>
  Buffer.from(
    JSON.stringify({ s: sort, k: position.key, t: position.tieBreak } satisfies CursorJson),
  ).toString('base64url');

/** The position in a cursor made by encodeCursor for this sort; anything else is a 400. */
export function decodeCursor(cursor: string, sort: VehicleSort, sortKey: VehicleSortKey): SearchPosition {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(SEARCH_TEXT.cursor);
  }
  const { s, k, t } = (parsed ?? {}) as Partial<CursorJson>;
  if (typeof parsed !== 'object' || parsed === null || !isInt(t)) throw badRequest(SEARCH_TEXT.cursor);
  if (s !== sort) throw badRequest(SEARCH_TEXT.cursorOtherSort);
  const keyIsValid = sortKey.keyType === 'numeric' ? typeof k === 'string' && DECIMAL.test(k) : isInt(k);
  if (!keyIsValid) throw badRequest(SEARCH_TEXT.cursor);
  return { key: k as string | number, tieBreak: t };
}
