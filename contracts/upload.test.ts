import { describe, expect, it } from 'vitest';
import { createVehicleBodySchema, UPLOAD_TEXT } from './upload';

const body = { vin: '2T1BURHEXJC043821', videos: ['/media/uploads/a.mp4'] };
const messages = (input: Record<string, unknown>) =>
  (createVehicleBodySchema.safeParse(input).error?.issues ?? []).map((i) => i.message);

describe('POST /api/vehicles body', () => {
  it('refuses a VIN whose check digit does not match unless a reason is given', () => {
    expect(messages(body)).toEqual([]);
    expect(messages({ ...body, vin: '2T1BURHE1JC043821' })).toEqual([UPLOAD_TEXT.checkDigitRefused]);
    expect(messages({ ...body, vin: '2T1BURHE1JC043821', vinCheckDigitOverride: 'pre-1981' })).toEqual([]);
    expect(messages({ ...body, vin: '2T1BURHE1JC043821', vinCheckDigitOverride: 'yes' })).toHaveLength(1);
  });

  it("takes an optional mileage with the admin's rule and message", () => {
    expect(messages({ ...body, mileage: 48_210 })).toEqual([]);
    expect(messages({ ...body, mileage: null })).toEqual([]);
    // Sent as text it reads the same as the admin's field does.
    expect(messages({ ...body, mileage: '48210' })).toEqual([]);
    for (const mileage of [-1, 1.5, 2_000_001, 'about 48k']) {
      expect(messages({ ...body, mileage })).toEqual(['Invalid mileage']);
    }
  });
});
