import { formatMilesNumber } from '@contracts/mileage-format';
import { formatUsd } from '@contracts/money';

/**
 * Display formatters for a listing's figures: its price in US dollars with no decimals, its mileage
 * with thousands separators, 'N/A' when a value is missing. Both go through the shared modules
 * (contracts/money.ts, contracts/mileage.ts). Display only: arithmetic on money happens in integer
 * cents elsewhere, never on these strings.
 */
export const NOT_AVAILABLE = 'N/A';

/** The number a decimal string ("21450.00") or number stands for, or null when missing or invalid. */
export function toAmount(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) ? amount : null;
}

/** "21450.00" → "$21,450"; null, blank or invalid → "N/A". */
export function formatMoney(value: string | number | null | undefined): string {
  const amount = toAmount(value);
  return amount === null ? NOT_AVAILABLE : formatUsd(amount);
}

/** 38214 → "38,214"; null → "N/A". */
export function formatMileage(miles: number | null | undefined): string {
  return typeof miles === 'number' && Number.isFinite(miles) ? formatMilesNumber(miles) : NOT_AVAILABLE;
}

/** 38214 → "38,214 miles"; null → "N/A" (the card's wording, docs/product.md §2). */
export function formatMiles(miles: number | null | undefined): string {
  const formatted = formatMileage(miles);
  return formatted === NOT_AVAILABLE ? formatted : `${formatted} miles`;
}
