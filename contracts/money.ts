import { MAX_AMOUNT } from './limits';

/** Parses a decimal amount (string or number) to integer cents; null when not a valid positive amount. */
export function toCents(input: string | number): number | null {
  const text =
    typeof input === 'number'
      ? Number.isFinite(input)
        ? String(input)
        : ''
      : input.trim().replace(/^\$/, '').replaceAll(',', '');
  const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 && cents <= toCentsUnchecked(MAX_AMOUNT) ? cents : null;
}

const toCentsUnchecked = (decimal: string) => Math.round(Number(decimal) * 100);

/** Integer cents to the decimal string the database and the wire use ("1234.50"). */
export const centsToDecimal = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const usdCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
});

/**
 * The one money formatter: "21450.00" → "$21,450" for display (spec §3), or with `cents` →
 * "$18,250.50" where the exact amount matters (the offer activity log). Display only: arithmetic
 * on money is in integer cents (toCents).
 */
export const formatUsd = (amount: number, options: { cents?: boolean } = {}) =>
  (options.cents ? usdCents : usdWhole).format(amount);
