import { formatGrouped } from './number-format';
/** numeric(10,2): the largest amount a transaction or an offer can hold. */
export const MAX_AMOUNT = '99999999.99';

/** The amount messages of every money field (docs/product.md §5 for offers; the same everywhere). */
export const MONEY_TEXT = {
  amountRequired: 'Amount is required',
  amountPositive: 'Must be a valid positive number',
} as const;

/**
 * The one money parser (issue #27): a decimal amount typed or sent anywhere — "$19,500",
 * "25,000", "1850", "$10,000.5", 1234.56 — to integer cents; null when it is not a positive amount
 * of at most MAX_AMOUNT with at most 2 decimals. A "$" may lead (spaces around it are fine) and
 * commas may group thousands; nothing else is accepted.
 */
export function toCents(input: string | number): number | null {
  const text =
    typeof input === 'number'
      ? Number.isFinite(input)
        ? String(input)
        : ''
      : input.trim().replace(/^\$\s*/, '');
  const grouped = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text);
  const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(grouped ? text.replaceAll(',', '') : text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 && cents <= toCentsUnchecked(MAX_AMOUNT) ? cents : null;
}

const toCentsUnchecked = (decimal: string) => Math.round(Number(decimal) * 100);

/** Integer cents (negative too) to the decimal string the database and the wire use ("1234.50", "-9.05"). */
export const centsToDecimal = (cents: number) => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** A decimal string from the server ("15900.00", "-900.00", "0.00") to integer cents (0 when not one). */
export function decimalToCents(decimal: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) return 0;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/**
 * The one money formatter (the check contracts/one-formatter.test.ts keeps currency formatting in
 * this file): "21450.00" → "$21,450" for display (docs/product.md §3), or with `cents` →
 * "$18,250.50" where the exact amount matters (the offer activity log). Display only: arithmetic
 * on money is in integer cents (toCents).
 */
export const formatUsd = (amount: number, options: { cents?: boolean } = {}) =>
  formatGrouped(amount, options.cents ? 2 : 0, '$');

/** Integer cents for display, with cents only when there are some: "$15,900", "$5,000.50", "-$900". */
export const formatCents = (cents: number) => formatUsd(cents / 100, { cents: cents % 100 !== 0 });

/**
 * A decimal string from the server or the database for display, with cents only when there are
 * some: "15900.00" → "$15,900", "5000.50" → "$5,000.50", "-900.00" → "-$900". Text that is not a
 * decimal amount is shown as it is rather than guessed at.
 */
export const formatAmount = (decimal: string) =>
  /^-?\d+(\.\d{1,2})?$/.test(decimal.trim()) ? formatCents(decimalToCents(decimal)) : decimal;

let usdCompact: Intl.NumberFormat | undefined;

/** Dollars as short as a chart's axis needs: 12400 → "$12.4K", 2000000 → "$2M" (made on first use). */
export const formatUsdCompact = (amount: number) => {
  usdCompact ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
  return usdCompact.format(amount);
};
