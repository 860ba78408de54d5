import type { WorkOrder } from '@contracts/work-orders';
import { describe, expect, it } from 'vitest';
import { costAgainstPrice, workOrderAge } from './recon-format';
import { matchesFilter, sortWorkOrders } from './use-work-order-board';

const order = (id: number, status: WorkOrder['status'], soldAt: string, promisedOn: string) =>
  ({ id, status, promisedOn, timeToLine: { soldAt } }) as WorkOrder;

const orders = [
  order(1, 'done', '2026-03-01T10:00:00Z', '2026-03-06'),
  order(2, 'in_progress', '2026-03-10T10:00:00Z', '2026-03-12'),
  order(3, 'to_do', '2026-03-05T10:00:00Z', '2026-03-12'),
  order(4, 'cancelled', '2026-02-01T10:00:00Z', '2026-02-04'),
];
const ids = (list: WorkOrder[]) => list.map((o) => o.id);

describe('the work order board', () => {
  it('hides cancelled work orders unless asked for them', () => {
    expect(ids(orders.filter((o) => matchesFilter(o, 'all')))).toEqual([1, 2, 3]);
    expect(ids(orders.filter((o) => matchesFilter(o, 'cancelled')))).toEqual([4]);
    expect(ids(orders.filter((o) => matchesFilter(o, 'to_do')))).toEqual([3]);
  });

  it('sorts by promised day (ties in the server’s order) and by age, either way round', () => {
    expect(ids(sortWorkOrders(orders, 'promised', 'asc'))).toEqual([4, 1, 2, 3]);
    expect(ids(sortWorkOrders(orders, 'promised', 'desc'))).toEqual([2, 3, 1, 4]);
    expect(ids(sortWorkOrders(orders, 'age', 'desc'))).toEqual([4, 1, 3, 2]);
    expect(ids(sortWorkOrders(orders, 'age', 'asc'))).toEqual([2, 3, 1, 4]);
  });

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
