import { VIN_LENGTH } from './limits';

/** VIN rules of 49 CFR 565.15 (see docs/wire-formats.md): no I, O or Q; check digit in position 9. */
export const VIN_CHARSET = /^[A-HJ-NPR-Z0-9]+$/;

const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

export const normalizeVin = (vin: string) => vin.trim().toUpperCase();

const charValue = (c: string) => (c >= '0' && c <= '9' ? Number(c) : TRANSLITERATION[c]);

/** The check digit a 17-character VIN should carry in position 9, or null for invalid characters. */
export function computeVinCheckDigit(vin: string): string | null {
  if (vin.length !== VIN_LENGTH || !VIN_CHARSET.test(vin)) return null;
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const value = charValue(vin[i]!);
    if (value === undefined) return null;
    sum += value * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

export const hasValidVinCheckDigit = (vin: string) => computeVinCheckDigit(vin) === vin[8];

export const isWellFormedVin = (vin: string) => vin.length === VIN_LENGTH && VIN_CHARSET.test(vin);

/**
 * Why a VIN whose check digit does not match is right as typed: the check digit is a North-American
 * rule (49 CFR 565.15) from model year 1981, so an older VIN or one made for another market may
 * carry any character in position 9. Staff say which; the server then accepts the VIN and records it.
 */
export const VIN_CHECK_DIGIT_OVERRIDES = ['pre-1981', 'non-north-american'] as const;
export type VinCheckDigitOverride = (typeof VIN_CHECK_DIGIT_OVERRIDES)[number];
export const VIN_CHECK_DIGIT_OVERRIDE_LABELS: Record<VinCheckDigitOverride, string> = {
  'pre-1981': 'Built before 1981',
  'non-north-american': 'Built for a market outside North America',
};
