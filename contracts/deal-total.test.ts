import { describe, expect, it } from 'vitest';
import { checkoutLimitRefusal, committedTotal, limitRefusal, limitText } from './deal-total';

describe('the one deal total', () => {
  it('adds price, reconditioning and delivery in cents; absent parts count as nothing', () => {
    expect(committedTotal({ price: '16200.00', reconditioning: '1295.00', delivery: '612.40' })).toBe(
      '18107.40',
    );
    expect(committedTotal({ price: '0.10', reconditioning: '0.20' })).toBe('0.30');
    expect(committedTotal({ price: '16200.00', reconditioning: null, delivery: undefined })).toBe('16200.00');
  });

  it('judges the limits as the server refuses: per vehicle first, then the day with what is left', () => {
    const limits = { perVehicleLimit: '30000.00', perDayLimit: '60000.00' };
    expect(limitRefusal(limits, { dealCents: 3_000_000 })).toBeNull();
    expect(limitRefusal(limits, { dealCents: 3_000_001 })).toBe(limitText.perVehicle('30000.00'));
    expect(limitRefusal(limits, { dealCents: 2_000_000, dayCents: 6_000_000 })).toBeNull();
    expect(
      limitRefusal(limits, { dealCents: 2_000_000, dayCents: 6_500_000, thisDealTodayCents: 2_000_000 }),
    ).toBe(limitText.perDay('60000.00', '15000.00'));
    expect(
      limitRefusal({ perVehicleLimit: null, perDayLimit: null }, { dealCents: 1e9, dayCents: 1e9 }),
    ).toBeNull();
  });

  it('judges a total about to be committed against what was committed today', () => {
    const room = { perVehicleLimit: null, perDayLimit: '40000.00', committedToday: '25000.00' };
    expect(checkoutLimitRefusal(room, '15000.00')).toBeNull();
    expect(checkoutLimitRefusal(room, '16000.00')).toBe(limitText.perDay('40000.00', '15000.00'));
    expect(checkoutLimitRefusal(room, null)).toBeNull();
  });
});
