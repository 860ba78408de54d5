import { formatUsd } from '@contracts/money';

/**
 * Display formatters (spec §3, §9): money in US dollars with no decimals, mileage with
 * thousands separators, 'N/A' when a value is missing. Display only: arithmetic on money
 * happens in integer cents elsewhere, never on these strings.
 */
export const NOT_AVAILABLE = 'N/A';

const LOCALE = 'en-US';
const integer = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

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
  return typeof miles === 'number' && Number.isFinite(miles) ? integer.format(miles) : NOT_AVAILABLE;
}

/** 38214 → "38,214 miles"; null → "N/A" (the card's wording, spec §2). */
export function formatMiles(miles: number | null | undefined): string {
  const formatted = formatMileage(miles);
  return formatted === NOT_AVAILABLE ? formatted : `${formatted} miles`;
}
