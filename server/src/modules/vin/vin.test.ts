import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VinDecoder } from './decode-vin';
import { makeFromWmi, modelYearFromVin } from './wmi';

/** A fake NHTSA vPIC speaking the real DecodeVinValues shape (WIRE-FORMATS.md). */
let vpic: Server;
let baseUrl: string;
let calls = 0;
beforeAll(async () => {
  vpic = createServer((req, res) => {
    calls++;
    const vin = /DecodeVinValues\/([^?]+)/.exec(req.url ?? '')?.[1] ?? '';
    if (vin.startsWith('5YJ')) return; // never answers: the client must time out
    if (vin.startsWith('1G1')) {
      res.writeHead(500).end('oops');
      return;
    }
    const row =
      vin === '1HGCM82633A004352'
        ? { ModelYear: '2003', Make: 'HONDA', Model: 'Accord', Trim: 'EX-V6', Series: '', ErrorCode: '0' }
        : { ModelYear: '', Make: '', Model: '', Trim: '', Series: '', ErrorCode: '1,11' };
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        Count: 1,
        Message: 'Results returned successfully',
        SearchCriteria: `VIN:${vin}`,
        Results: [{ ...row, VIN: vin }],
      }),
    );
  });
  await new Promise<void>((resolve) => vpic.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(vpic.address() as AddressInfo).port}/api`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      vpic.closeAllConnections();
      vpic.close(() => resolve());
    }),
);

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
    const before = calls;
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
    expect(calls - before).toBe(1);
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
