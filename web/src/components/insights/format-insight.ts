import { formatMonth } from '@contracts/dates';
import type { InsightUnit } from '@contracts/insights';
import { formatUsd, formatUsdCompact } from '@contracts/money';

/**
 * How an insight's number reads, by its unit (contracts/insights.ts): counts with separators,
 * percents and days with one decimal, dollars whole ("12400.00" → "$12,400"), a missing value as
 * a dash, words the server sent ("Not recorded") as they are. The tiles, the tables and the
 * chart's axes all read through here, so they agree; dollars and months through the shared modules (contracts/money.ts, contracts/dates.ts).
 */
const LOCALE = 'en-US';
const integer = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const NO_VALUE = '–';

/** A month category ("2026-01") as people write it ("Jan 2026", short "Jan ’26"); other text as it is. */
export { formatMonth };

/** The number a cell stands for (dollars come as decimal strings), or null. */
export function cellNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** A cell or a figure as the table and the tiles show it. */
export function formatInsight(value: number | string | null | undefined, unit: InsightUnit): string {
  if (unit === 'text') {
    if (value === null || value === undefined || value === '') return NO_VALUE;
    return formatMonth(String(value));
  }
  const number = cellNumber(value);
  // A cell the server says in words ("Not recorded") reads as it is.
  if (number === null) return typeof value === 'string' && value.trim() !== '' ? value : NO_VALUE;
  switch (unit) {
    case 'count':
      return integer.format(number);
    case 'percent':
      return `${oneDecimal.format(number)}%`;
    case 'days':
      return `${oneDecimal.format(number)} ${number === 1 ? 'day' : 'days'}`;
    case 'usd':
      return formatUsd(number);
  }
}

/**
 * A tick on a chart's value axis, shorter than a cell ("$12K", "40%", "12 d"); `step` is the
 * distance between ticks, so ticks finer than one unit keep the decimals that tell them apart.
 */
export function formatTick(value: number, unit: InsightUnit, step = 1): string {
  const digits = step >= 1 || step <= 0 ? 0 : Math.min(3, Math.ceil(-Math.log10(step)));
  const number = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: digits }).format(value);
  switch (unit) {
    case 'percent':
      return `${number}%`;
    case 'days':
      return `${number} d`;
    case 'usd':
      return formatUsdCompact(value);
    default:
      return number;
  }
}
