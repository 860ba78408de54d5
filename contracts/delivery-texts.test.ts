import { describe, expect, it } from 'vitest';
import { DELIVERY_STATUSES, TRANSPORT_STATUSES } from './delivery-texts';

describe('a transport’s statuses', () => {
  it('are the sale’s delivery statuses but the two before any transport, in the same order', () => {
    expect(TRANSPORT_STATUSES).toEqual(
      DELIVERY_STATUSES.filter((status) => status !== 'released' && status !== 'ready_for_pickup'),
    );
  });
});
