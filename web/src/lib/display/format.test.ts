import { describe, expect, it } from 'vitest';
import { formatMileage, formatMiles, formatMoney, toAmount } from './format';

describe('formatMoney', () => {
  it('shows US dollars with no decimals', () => {
    expect(formatMoney('21450.00')).toBe('$21,450');
    expect(formatMoney('1234567.00')).toBe('$1,234,567');
    expect(formatMoney('999.00')).toBe('$999');
    expect(formatMoney('0.00')).toBe('$0');
    expect(formatMoney(27800)).toBe('$27,800');
  });

  it('rounds cents to whole dollars', () => {
    expect(formatMoney('21450.49')).toBe('$21,450');
    expect(formatMoney('21450.50')).toBe('$21,451');
  });

  it("shows 'N/A' when the price is missing or not a number", () => {
    expect(formatMoney(null)).toBe('N/A');
    expect(formatMoney(undefined)).toBe('N/A');
    expect(formatMoney('')).toBe('N/A');
    expect(formatMoney('  ')).toBe('N/A');
    expect(formatMoney('abc')).toBe('N/A');
  });

  it('parses decimal strings', () => {
    expect(toAmount('21450.00')).toBe(21450);
    expect(toAmount(null)).toBeNull();
    expect(toAmount('x')).toBeNull();
  });
});

describe('formatMileage', () => {
  it('uses thousands separators', () => {
    expect(formatMileage(38214)).toBe('38,214');
    expect(formatMileage(1250000)).toBe('1,250,000');
    expect(formatMileage(950)).toBe('950');
    expect(formatMileage(0)).toBe('0');
  });

  it("shows 'N/A' when the mileage is missing", () => {
    expect(formatMileage(null)).toBe('N/A');
    expect(formatMileage(undefined)).toBe('N/A');
    expect(formatMileage(Number.NaN)).toBe('N/A');
  });

  it("reads '<n> miles' on a card, or 'N/A'", () => {
    expect(formatMiles(38214)).toBe('38,214 miles');
    expect(formatMiles(0)).toBe('0 miles');
    expect(formatMiles(null)).toBe('N/A');
  });
});
