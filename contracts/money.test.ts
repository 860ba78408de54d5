import { describe, expect, it } from 'vitest';
import { centsToDecimal, toCents } from './money';

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
});
