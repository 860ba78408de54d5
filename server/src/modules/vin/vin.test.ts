import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeVpic, knowsTheAccord, startFakeVpic } from '../../../test/fake-vpic';
import { VinDecoder } from './decode-vin';
import { makeFromWmi, modelYearFromVin } from './wmi';

/** vPIC knows the Accord; '5YJ…' never answers (the client must time out), '1G1…' fails with a 500, others answer error codes. */
let vpic: FakeVpic;
let baseUrl: string;
beforeAll(async () => {
  vpic = await startFakeVpic((vin) => {
    if (vin.startsWith('5YJ')) return 'hang';
    if (vin.startsWith('1G1')) return { status: 500 };
    return knowsTheAccord(vin) ?? { errorCode: '1,11' };
  });
  baseUrl = vpic.baseUrl;
});
afterAll(() => vpic.stop());

describe('offline decode', () => {
  it('reads the model year from position 10 and the make from the WMI', () => {
    const now = new Date('2026-11-22');
    expect(modelYearFromVin('1HGCM82633A004352', now)).toBe(2003);
    expect(modelYearFromVin('5YJ3E1EA0KF000001', now)).toBe(2019);
    expect(modelYearFromVin('1G4AH59H45G118341', now)).toBe(2005);
    expect(modelYearFromVin('1FTFW1E50LFA00001', now)).toBe(2020);
    // A digit in position 7 keeps a letter code in the 1980–2009 cycle.
    expect(modelYearFromVin('1G1JC1249K7000001', now)).toBe(1989);
    expect(makeFromWmi('1HGCM82633A004352')).toBe('Honda');
    expect(makeFromWmi('JN8AZ2NE5C9000001')).toBe('Nissan');
    expect(makeFromWmi('ZZZ00000000000000')).toBeNull();
  });
});

describe('vPIC decode', () => {
  it('uses vPIC, title-cases the make, and caches per VIN', async () => {
    const decoder = new VinDecoder({ baseUrl, timeoutMs: 2000 });
    const before = vpic.calls;
    const first = await decoder.decode('1HGCM82633A004352');
    expect(first).toEqual({
      vin: '1HGCM82633A004352',
      checkDigitValid: true,
      year: 2003,
      make: 'Honda',
      model: 'Accord',
      trim: 'EX-V6',
      source: 'vpic',
    });
    await decoder.decode('1HGCM82633A004352');
    expect(vpic.calls - before).toBe(1);
  });

  it('falls back offline on an error code answer, a 500, a timeout and an unreachable host', async () => {
    const decoder = new VinDecoder({ baseUrl, timeoutMs: 300 });
    expect(await decoder.decode('1HGCM82623A004352')).toMatchObject({
      source: 'offline',
      make: 'Honda',
      checkDigitValid: false,
    });
    expect(await decoder.decode('1G1ZT53826F109149')).toMatchObject({
      source: 'offline',
      make: 'Chevrolet',
      year: 2006,
    });
    const started = Date.now();
    expect(await decoder.decode('5YJ3E1EA0KF000001')).toMatchObject({
      source: 'offline',
      make: 'Tesla',
      year: 2019,
    });
    expect(Date.now() - started).toBeLessThan(2000);
    const down = new VinDecoder({ baseUrl: 'http://127.0.0.1:1/api', timeoutMs: 300 });
    expect(await down.decode('1HGCM82633A004352')).toMatchObject({
      source: 'offline',
      year: 2003,
      make: 'Honda',
    });
  });
});
