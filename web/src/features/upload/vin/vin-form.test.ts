import { describe, expect, it } from 'vitest';
import { mileageOf, type VinStepForm, vinStepFormSchema } from './vin-form';

const messages = (vin: string, year: string, more: Partial<VinStepForm> = {}) =>
  (
    vinStepFormSchema.safeParse({ vin, year, mileage: '', vinOverride: null, ...more }).error?.issues ?? []
  ).map((i) => `${String(i.path[0])}: ${i.message}`);

const WRONG_CHECK_DIGIT = '2T1BURHE1JC043821';
const REFUSED =
  'vin: The check digit (9th character) does not match. Correct the VIN, or confirm it was built before 1981 or for a market outside North America.';

describe('VIN step check', () => {
  it('says one thing at a time: the VIN first, then the year', () => {
    expect(messages('1HGCM8263', '1850')).toEqual(['vin: Please enter a valid 17-digit VIN']);
    expect(messages('1HGCM82633A004352', '1850')).toEqual(['year: Invalid year']);
    expect(messages('1HGCM82633A004352', '')).toEqual([]);
    expect(messages('1HGCM82633A004352', '2003')).toEqual([]);
  });

  it('stops a wrong check digit until staff say why the VIN is right', () => {
    expect(messages(WRONG_CHECK_DIGIT, '')).toEqual([REFUSED]);
    expect(messages(WRONG_CHECK_DIGIT, '', { vinOverride: 'pre-1981' })).toEqual([]);
    expect(messages(WRONG_CHECK_DIGIT, '', { vinOverride: 'non-north-american' })).toEqual([]);
    expect(messages('2T1BURHEXJC043821', '')).toEqual([]);
  });

  it("checks a typed mileage with the admin's rule and message; blank is fine", () => {
    expect(messages('1HGCM82633A004352', '', { mileage: '48,210' })).toEqual([]);
    expect(messages('1HGCM82633A004352', '', { mileage: ' ' })).toEqual([]);
    expect(messages('1HGCM82633A004352', '', { mileage: '2000001' })).toEqual(['mileage: Invalid mileage']);
    expect(messages('1HGCM82633A004352', '', { mileage: '12.5' })).toEqual(['mileage: Invalid mileage']);
    expect(mileageOf('48,210')).toBe(48_210);
    expect(mileageOf('')).toBeNull();
    expect(mileageOf('1e3')).toBeNaN();
  });
});
