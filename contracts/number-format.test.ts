import { describe, expect, it } from 'vitest';
import { formatMilesNumber } from './mileage-format';
import { formatUsd } from './money';
import { formatCount } from './number-format';

describe('numbers as people read them', () => {
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
      expect(formatCount(value), String(value)).toBe(
        value.toLocaleString('en-US', { maximumFractionDigits: 0 }),
      );
    }
  });

  it('writes what Intl writes for numbers beyond toFixed', () => {
    expect(formatCount(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(formatUsd(-Infinity)).toBe('-$∞');
  });
});
