import type { DealerTransaction, OfferView } from '@contracts/buying';
import type { HeldVehicle } from '@contracts/vehicle';
import { describe, expect, it } from 'vitest';
import { needsYouOf } from './needs-you';

/** A sale as the server sends it, with only what "Needs you" reads set apart from a quiet default. */
const sale = (id: number, state: Partial<DealerTransaction> = {}) =>
  ({
    id,
    cancelled: false,
    balance: '0.00',
    paymentDueAt: '2026-12-01T04:59:59.999Z',
    transport: null,
    deliveryConfirmation: null,
    titleStatus: 'absent',
    claims: [],
    ...state,
  }) as DealerTransaction;
const offer = (id: number, status: OfferView['status'], expiresAt: string) =>
  ({ id, status, expiresAt }) as OfferView;
const held = (id: number, firstLookUntil: string) => ({ id, firstLookUntil }) as HeldVehicle;
const transport = (status: string) => ({ status }) as DealerTransaction['transport'];
const claim = (id: number, status: string, openedAt: string) =>
  ({ id, status, openedAt }) as DealerTransaction['claims'][number];

describe('what needs the dealer', () => {
  it('is nothing when nothing is owed, answered, confirmed or held', () => {
    const needs = needsYouOf([sale(1), sale(2, { cancelled: true, balance: '900.00' })], [], []);
    expect(needs.count).toBe(0);
    expect(needs.owedTotal).toBe('0.00');
  });

  it('lists what is owed by due date, adding up the server’s balances; a refund owed or a cancelled sale is not owed', () => {
    const needs = needsYouOf(
      [
        sale(1, { balance: '15900.00', paymentDueAt: '2026-12-04T04:59:59.999Z' }),
        sale(2, { balance: '5000.50', paymentDueAt: '2026-11-30T04:59:59.999Z' }),
        sale(3, { balance: '-425.00' }),
        sale(4, { balance: '800.00', cancelled: true }),
      ],
      [],
      [],
    );
    expect(needs.owed.map((t) => t.id)).toEqual([2, 1]);
    expect(needs.owedTotal).toBe('20900.50');
    expect(needs.count).toBe(2);
  });

  it('lists counters to answer, deliveries and titles to confirm, open claims and first looks, each soonest first', () => {
    const needs = needsYouOf(
      [
        sale(1, { transport: transport('delivered') }),
        sale(2, { transport: transport('in_transit') }),
        sale(3, {
          transport: transport('delivered'),
          deliveryConfirmation: {} as DealerTransaction['deliveryConfirmation'],
        }),
        sale(4, { titleStatus: 'sent' }),
        sale(5, { titleStatus: 'confirmed' }),
        sale(6, {
          claims: [claim(61, 'open', '2026-11-20T10:00:00Z'), claim(62, 'denied', '2026-11-01T10:00:00Z')],
        }),
        sale(7, { claims: [claim(71, 'open', '2026-11-10T10:00:00Z')] }),
      ],
      [
        offer(1, 'countered', '2026-11-29T10:00:00Z'),
        offer(2, 'pending', '2026-11-28T10:00:00Z'),
        offer(3, 'countered', '2026-11-28T12:00:00Z'),
      ],
      [held(9, '2026-11-28T15:40:00Z'), held(8, '2026-11-28T14:00:00Z')],
    );
    expect(needs.counters.map((o) => o.id)).toEqual([3, 1]);
    expect(needs.deliveries.map((t) => t.id)).toEqual([1]);
    expect(needs.titles.map((t) => t.id)).toEqual([4]);
    expect(needs.claims.map(({ sale, claim }) => [sale.id, claim.id])).toEqual([
      [7, 71],
      [6, 61],
    ]);
    expect(needs.firstLooks.map((v) => v.id)).toEqual([8, 9]);
    expect(needs.count).toBe(2 + 1 + 1 + 2 + 2);
  });
});
