import { limitText } from '@contracts/deal-total';
import { describe, expect, it } from 'vitest';
import { checkoutLimits, limitsText } from './checkout-limits';

const room = { perVehicleLimit: '30000.00', perDayLimit: '60000.00', committedToday: '45000.00' };
const choice = {
  price: '27000.00',
  reconPrice: '0.00',
  deliveryPrice: null,
  defaultDeliveryPrice: '1976.45',
};

describe('the Buy Now dialog’s limits', () => {
  it('adds the one committed total and allows what is within both limits', () => {
    const limits = checkoutLimits(room, { ...choice, price: '12000.00' });
    expect(limits.total).toBe('12000.00');
    expect(limits.buy).toBeNull();
    expect(limits.package('1295.00')).toBeNull();
    expect(limits.delivery).toBeNull();
  });

  it('disables a package and delivery that would take the deal over the per-vehicle limit, with its words', () => {
    const limits = checkoutLimits({ ...room, committedToday: '0.00' }, choice);
    expect(limits.buy).toBeNull();
    expect(limits.package('3100.00')).toBe(limitText.perVehicle('30000.00'));
    expect(limits.package('495.00')).toBeNull();
    // $27,000 + $1,976.45 is within $30,000; with a $1,295 package it is not.
    expect(limits.delivery).toBeNull();
    expect(
      checkoutLimits({ ...room, committedToday: '0.00' }, { ...choice, reconPrice: '1295.00' }).delivery,
    ).toBe(limitText.perVehicle('30000.00'));
  });

  it('disables Buy Now over the day’s limit, saying what is left today', () => {
    const limits = checkoutLimits(room, { ...choice, deliveryPrice: '1976.45' });
    expect(limits.total).toBe('28976.45');
    expect(limits.buy).toBe(limitText.perDay('60000.00', '15000.00'));
    // Delivery already chosen is not offered again.
    expect(limits.delivery).toBeNull();
  });

  it('says it once, on Buy Now, when the car alone is over: no choice is what takes it over', () => {
    const limits = checkoutLimits({ ...room, committedToday: '0.00' }, { ...choice, price: '41200.00' });
    expect(limits.buy).toBe(limitText.perVehicle('30000.00'));
    expect(limits.package('1295.00')).toBeNull();
    expect(limits.delivery).toBeNull();
  });

  it('refuses nothing without limits or without a price', () => {
    expect(checkoutLimits(null, { ...choice, price: '99999.00' }).buy).toBeNull();
    const noPrice = checkoutLimits(room, { ...choice, price: null });
    expect(noPrice.total).toBeNull();
    expect(noPrice.buy).toBeNull();
    expect(noPrice.package('2450.00')).toBeNull();
  });

  it('words the limits with what is left today', () => {
    expect(limitsText(room)).toBe('Your limits: $30,000 per vehicle, $60,000 per day ($15,000 left today).');
    expect(limitsText({ ...room, perDayLimit: null })).toBe('Your limits: $30,000 per vehicle.');
    expect(limitsText({ ...room, perVehicleLimit: null, perDayLimit: '40000.00' })).toBe(
      'Your limits: $40,000 per day ($0 left today).',
    );
    expect(limitsText({ perVehicleLimit: null, perDayLimit: null, committedToday: '0.00' })).toBeNull();
  });
});
