import { describe, expect, it } from 'vitest';
import { dayWindowText, deliveryTotalText } from './delivery-figures';

describe('delivery figures', () => {
  it('words the sale’s total with reconditioning and delivery', () => {
    expect(deliveryTotalText('16200.00', '1295.00', '612.00')).toBe(
      '$16,200 + $1,295 reconditioning + $612 delivery = $18,107',
    );
    // A package at no charge (as inspected) is not a part of the sum.
    expect(deliveryTotalText('16200.00', '0.00', '612.00')).toBe('$16,200 + $612 delivery = $16,812');
    expect(deliveryTotalText('16200.00', null, '612.00')).toBe('$16,200 + $612 delivery = $16,812');
    // What is charged, to the cent: never rounded in the dialog.
    expect(deliveryTotalText('16200.00', '495.00', '1215.80')).toBe(
      '$16,200 + $495 reconditioning + $1,215.80 delivery = $17,910.80',
    );
  });

  it('words a window of days, or a single day', () => {
    expect(dayWindowText({ from: '2026-12-01', to: '2026-12-04' })).toBe('Dec 1, 2026 – Dec 4, 2026');
    expect(dayWindowText({ from: '2026-12-01', to: '2026-12-01' })).toBe('Dec 1, 2026');
  });
});
