import { describe, expect, it } from 'vitest';
import { extractVinFromBarcode, listLetters, sanitizeVinInput } from './vin-input';

describe('sanitizeVinInput', () => {
  it('upper-cases and keeps letters and digits only', () => {
    expect(sanitizeVinInput('1hgcm 826-33a')).toEqual({ value: '1HGCM82633A', refusedLetters: [] });
  });
  it('refuses I, O and Q and says which were typed', () => {
    expect(sanitizeVinInput('1hgOcm8i26q')).toEqual({ value: '1HGCM826', refusedLetters: ['O', 'I', 'Q'] });
  });
  it('never keeps more than 17 characters', () => {
    expect(sanitizeVinInput('1HGCM82633A004352EXTRA').value).toBe('1HGCM82633A004352');
  });
});

describe('listLetters', () => {
  it('reads like a sentence', () => {
    expect(listLetters(['O'])).toBe('O');
    expect(listLetters(['I', 'O'])).toBe('I and O');
    expect(listLetters(['I', 'O', 'Q'])).toBe('I, O and Q');
  });
});

describe('extractVinFromBarcode', () => {
  it('reads a plain Code 39 VIN', () => {
    expect(extractVinFromBarcode('1HGCM82633A004352')).toBe('1HGCM82633A004352');
  });
  it("drops the import marker 'I' in front of the VIN", () => {
    expect(extractVinFromBarcode('I1HGCM82633A004352')).toBe('1HGCM82633A004352');
  });
  it('finds the VIN inside longer label text, preferring a valid check digit', () => {
    expect(extractVinFromBarcode('VIN: 1G4AH59H45G118341 / MFD 05/05')).toBe('1G4AH59H45G118341');
    expect(extractVinFromBarcode('X1G4AH59H45G118341')).toBe('1G4AH59H45G118341');
  });
  it('answers null for a barcode without a VIN', () => {
    expect(extractVinFromBarcode('0123456789')).toBeNull();
    expect(extractVinFromBarcode('https://example.com/part/42')).toBeNull();
  });
});
