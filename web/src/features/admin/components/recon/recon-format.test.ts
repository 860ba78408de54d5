import { describe, expect, it } from 'vitest';
import { costAgainstPrice, workOrderAge } from './recon-format';

describe('the work order board’s words', () => {
  it('says the age in days and the cost against the package price in cents', () => {
    const now = new Date('2026-03-12T15:00:00');
    expect(workOrderAge({ timeToLine: { soldAt: '2026-03-12T09:00:00' } }, now)).toBe('Today');
    expect(workOrderAge({ timeToLine: { soldAt: '2026-03-11T09:00:00' } }, now)).toBe('1 day');
    expect(workOrderAge({ timeToLine: { soldAt: '2026-03-02T09:00:00' } }, now)).toBe('10 days');
    expect(costAgainstPrice({ totalCost: '373.40', packagePrice: '695.00' })).toEqual({
      cost: 37340,
      price: 69500,
      over: 0,
    });
    expect(costAgainstPrice({ totalCost: '800.00', packagePrice: '695.00' }).over).toBe(10500);
  });
});
