import { type AnyColumn, eq, or, type SQL } from 'drizzle-orm';
import { dealers, vehicles } from '../db/schema';
import { containsText, searchNumber } from './list-choices';

/**
 * The admin lists' search (issue #47, docs/features/admin-lists.md): part of the car's VIN, part of
 * the dealership's name (`%` and `_` are letters), or — digits only — one of the row's numbers
 * (`numbers`: its own id, its sale's, its car's). The query joins `vehicles` and `dealers`.
 */
export function vinDealerOrNumber(q: string | undefined, numbers: readonly AnyColumn[]): SQL | undefined {
  const search = q?.trim();
  if (!search) return undefined;
  const number = searchNumber(search);
  return or(
    containsText(vehicles.vin, search),
    containsText(dealers.dealerName, search),
    ...(number === null ? [] : numbers.map((column) => eq(column, number))),
  );
}
