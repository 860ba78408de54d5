import { describe, expect, it } from 'vitest';
import { computeVinCheckDigit, hasValidVinCheckDigit, isWellFormedVin, normalizeVin } from './vin';

describe('VIN check digit (49 CFR 565.15)', () => {
  it('accepts the known good VINs', () => {
    expect(hasValidVinCheckDigit('1HGCM82633A004352')).toBe(true);
    expect(hasValidVinCheckDigit('1G4AH59H45G118341')).toBe(true);
  });

  it('rejects a VIN whose ninth character does not match', () => {
    expect(hasValidVinCheckDigit('1HGCM82623A004352')).toBe(false);
    expect(computeVinCheckDigit('1HGCM82623A004352')).toBe('3');
  });

  it('writes a remainder of 10 as X', () => {
    // Built so the weighted sum is 10 mod 11.
    const vin = '1M8GDM9A0KP042788';
    expect(computeVinCheckDigit(vin)).toBe('X');
  });

  it('refuses I, O and Q and wrong lengths', () => {
    expect(isWellFormedVin('1HGCM82633A00435I')).toBe(false);
    expect(isWellFormedVin('1HGCM82633A00435O')).toBe(false);
    expect(isWellFormedVin('1HGCM82633A00435Q')).toBe(false);
    expect(isWellFormedVin('1HGCM82633A00435')).toBe(false);
    expect(computeVinCheckDigit('1HGCM82633A00435Q')).toBeNull();
  });

  it('normalises case and surrounding spaces', () => {
    expect(normalizeVin('  1hgcm82633a004352 ')).toBe('1HGCM82633A004352');
  });
});
