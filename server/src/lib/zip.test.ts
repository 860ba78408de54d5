import { DELIVERY_TEXT, isZipUnknownRefusal } from '@contracts/delivery';
import { describe, expect, it } from 'vitest';
import { knownZip, lookUpZip, zipOfAddress } from './zip';

describe('the one ZIP rule', () => {
  it('knows a US ZIP by its place and centroid; not an unknown, foreign or malformed one', () => {
    expect(lookUpZip('53703')).toMatchObject({ zip: '53703', city: 'Madison', state: 'WI' });
    expect(lookUpZip('96813')).toMatchObject({ state: 'HI' });
    for (const zip of ['99999', '00000', 'M5V3L', '1234', '123456', ''])
      expect(lookUpZip(zip), zip).toBeNull();
  });

  it("refuses an unknown ZIP with a 400 and the transport quote's message", () => {
    expect(knownZip('12866').state).toBe('NY');
    expect(() => knownZip('99999')).toThrow(DELIVERY_TEXT.zipUnknown('99999'));
    try {
      knownZip('99999');
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST' });
      // The web forms recognise it, to show it on their ZIP field.
      expect(isZipUnknownRefusal((error as Error).message)).toBe(true);
    }
    expect(isZipUnknownRefusal(DELIVERY_TEXT.zipRequired)).toBe(false);
  });

  it('reads the ZIP at the end of an address (a ZIP+4 keeps five digits)', () => {
    expect(zipOfAddress('2200 Commerce Dr, Dallas, TX 75201')).toBe('75201');
    expect(zipOfAddress('1 Main St, Cambridge, MA 02139-4307 ')).toBe('02139');
    expect(zipOfAddress('1 Main St, Springfield')).toBeNull();
  });
});
