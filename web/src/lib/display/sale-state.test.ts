import type { SaleEvent } from '@contracts/after-sale';
import { describe, expect, it } from 'vitest';
import {
  acceptanceText,
  amountLeft,
  decimalToCents,
  formatAmount,
  formatDay,
  isOverdue,
  titleShipment,
} from './sale-state';

describe('money on the sale', () => {
  it('reads decimal strings as cents, zero included', () => {
    expect(decimalToCents('0.00')).toBe(0);
    expect(decimalToCents('15900.00')).toBe(1_590_000);
    expect(decimalToCents('5000.5')).toBe(500_050);
    expect(decimalToCents('19.99')).toBe(1999);
  });
  it('shows cents only when there are some', () => {
    expect(formatAmount('15900.00')).toBe('$15,900');
    expect(formatAmount('5000.50')).toBe('$5,000.50');
  });
  it('leaves the ledger balance, never below zero (a refund owed is not left to pay)', () => {
    expect(amountLeft({ balance: '11200.00' })).toBe('11200.00');
    expect(amountLeft({ balance: '0.00' })).toBe('0.00');
    expect(amountLeft({ balance: '-425.00' })).toBe('0.00');
    expect(decimalToCents('-425.50')).toBe(-42_550);
    expect(formatAmount('-425.00')).toBe('-$425');
  });
});

describe('clocks', () => {
  it('shows a due date in the sale’s time zone, not the reader’s', () => {
    // The end of Nov 27 in New York is already Nov 28 in UTC.
    expect(formatDay('2026-11-28T04:59:59.999Z', 'America/New_York')).toBe('Nov 27, 2026');
    expect(formatDay('2026-11-28T04:59:59.999Z', 'UTC')).toBe('Nov 28, 2026');
  });
  it('is overdue exactly when the server’s stage says so', () => {
    expect(isOverdue({ stage: 'overdue' })).toBe(true);
    for (const stage of ['awaiting_payment', 'paid', 'refund_owed', 'cancelled'] as const)
      expect(isOverdue({ stage })).toBe(false);
  });
});

describe('titleShipment', () => {
  const step = (id: number, type: SaleEvent['type'], data: Record<string, unknown> = {}): SaleEvent => ({
    id,
    type,
    at: '2026-11-23T12:00:00Z',
    by: 'admin',
    summary: '',
    data,
  });
  it('is the last title shipment on the timeline', () => {
    expect(titleShipment([step(0, 'sold'), step(1, 'title_received')])).toBeNull();
    expect(
      titleShipment([
        step(1, 'title_sent', { carrier: 'UPS', trackingNumber: '1Z1' }),
        step(2, 'title_sent', { carrier: 'FedEx', trackingNumber: '7777' }),
      ]),
    ).toEqual({ carrier: 'FedEx', trackingNumber: '7777' });
  });
});

describe('acceptanceText', () => {
  it('says what accepting costs: the amount plus the package the offer asked for (issue #44)', () => {
    // Before, an accepted $15,800 counter said "Payment of $15,800 is due" and the sale owed $16,295.
    const text = acceptanceText('15800.00', { name: 'Front-line ready', price: '495.00' }, '2026-12-02');
    expect(text).toBe(
      'The vehicle is sold for $15,800 with the Front-line ready ($495) reconditioning package. Payment of $16,295 is due by Dec 2, 2026; the vehicle is released for pickup once it is paid.',
    );
    expect(acceptanceText('15800.00', null, '2026-12-02')).toBe(
      'The vehicle is sold for $15,800. Payment of $15,800 is due by Dec 2, 2026; the vehicle is released for pickup once it is paid.',
    );
  });
});
