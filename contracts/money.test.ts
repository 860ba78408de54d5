import { describe, expect, it } from 'vitest';
import { formatMilesNumber } from './mileage-format';
import { centsToDecimal, formatUsd, toCents } from './money';

describe('money', () => {
  it('parses decimal amounts to cents', () => {
    expect(toCents('21450')).toBe(2_145_000);
    expect(toCents('21,450.5')).toBe(2_145_050);
    expect(toCents('$0.01')).toBe(1);
    expect(toCents(1234.56)).toBe(123_456);
    expect(toCents('99999999.99')).toBe(9_999_999_999);
  });

  it('refuses zero, negatives, too many decimals, overflow and junk', () => {
    for (const bad of ['0', '0.00', '-5', '1.234', '100000000', 'abc', '', '1e5', 'NaN', ' ', '12.']) {
      expect(toCents(bad), bad).toBeNull();
    }
    expect(toCents(Number.NaN)).toBeNull();
    expect(toCents(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('formats cents as a two-place decimal', () => {
    expect(centsToDecimal(1)).toBe('0.01');
    expect(centsToDecimal(2_145_050)).toBe('21450.50');
  });

  it('groups and rounds exactly as Intl’s en-US formatter does, whatever the number', () => {
    const usd = (digits: number) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    // Ties (0.5, 2.5, 0.125), values just under a tie in binary (1.005, 4.35), signs and sizes.
    const fixed = [
      0, 0.5, 1.5, 2.5, -2.5, 0.125, 1.005, 4.35, 999.5, 999_999.995, -0.4, -900, 1e15, 123456789.987,
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const values = [
      ...fixed,
      ...Array.from({ length: 3000 }, (_, i) => (random() - 0.3) * 10 ** (i % 11) + (i % 4) / 8),
    ];
    for (const value of values) {
      expect(formatUsd(value), String(value)).toBe(usd(0).format(value));
      expect(formatUsd(value, { cents: true }), String(value)).toBe(usd(2).format(value));
      expect(formatMilesNumber(value), String(value)).toBe(plain.format(value));
    }
  });
});
