import { describe, expect, it } from 'vitest';
import { vinStepFormSchema } from './vin-form';

const messages = (vin: string, year: string) =>
  (vinStepFormSchema.safeParse({ vin, year }).error?.issues ?? []).map(
    (i) => `${String(i.path[0])}: ${i.message}`,
  );

describe('VIN step check', () => {
  it('says one thing at a time: the VIN first, then the year', () => {
    expect(messages('1HGCM8263', '1850')).toEqual(['vin: Please enter a valid 17-digit VIN']);
    expect(messages('1HGCM82633A004352', '1850')).toEqual(['year: Invalid year']);
    expect(messages('1HGCM82633A004352', '')).toEqual([]);
    expect(messages('1HGCM82633A004352', '2003')).toEqual([]);
  });
});
