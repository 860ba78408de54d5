/**
 * Numbers as people read them here (en-US): "1,234,567", rounded as Intl's en-US formatter rounds.
 * Written out rather than asked of Intl.NumberFormat or toLocaleString, whose first use in a page
 * loads the browser's locale data — measured at over half a second of one task on a throttled
 * phone while the inventory hydrated (docs/benchmarks.md, Pages on a phone). number-format.test.ts
 * checks every output against Intl's. Money (money.ts) and mileage (mileage-format.ts) word their
 * numbers through here.
 */

/** "1234567" → "1,234,567": en-US digit grouping of a plain digit string. */
export function groupDigits(digits: string): string {
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3)
    grouped = end - 3 > 0 ? `,${digits.slice(end - 3, end)}${grouped}` : `${digits.slice(0, end)}${grouped}`;
  return grouped;
}

/**
 * The number's shortest decimal (what String() writes, as Intl reads it) rounded half away from
 * zero to `fractionDigits`: 1.005 → "1.01", 2.5 → "3" (of a positive number).
 */
function roundedDecimal(positive: number, fractionDigits: number): string {
  const written = String(positive);
  // Below 1e-6 String() writes an exponent; such a number rounds to zero at two places anyway.
  if (written.includes('e')) return positive.toFixed(fractionDigits);
  const [whole = '0', fraction = ''] = written.split('.');
  const kept = `${whole}${fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0')}`;
  const units = BigInt(kept) + ((fraction[fractionDigits] ?? '0') >= '5' ? 1n : 0n);
  const digits = units.toString().padStart(fractionDigits + 1, '0');
  return fractionDigits === 0
    ? digits
    : `${digits.slice(0, -fractionDigits)}.${digits.slice(-fractionDigits)}`;
}

/** A number rounded to `fractionDigits` and grouped, as Intl's en-US formatter writes it; the sign apart. */
export function formatGrouped(value: number, fractionDigits: number, prefix = ''): string {
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  // Infinity, NaN or beyond what toFixed writes without an exponent: rare enough to ask Intl.
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21)
    return `${sign}${prefix}${new Intl.NumberFormat('en-US', { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(Math.abs(value))}`;
  const [whole = '0', fraction] = roundedDecimal(Math.abs(value), fractionDigits).split('.');
  return `${sign}${prefix}${groupDigits(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** A count, grouped: 50000 → "50,000" (vehicles, sales, photos). */
export const formatCount = (n: number) => formatGrouped(n, 0);
