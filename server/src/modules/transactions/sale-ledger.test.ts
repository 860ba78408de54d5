import { DEFAULT_SALE_TERMS, type SaleState } from '@contracts/after-sale';
import { addBusinessDays, dateInZone } from '@contracts/business-days';
import { centsToDecimal, decimalToCents } from '@contracts/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moneyStepRefusal } from './sale-ledger';
import { saleStateOf } from './sale-state';
import type { StoredSaleEvent } from './stored-sale-event';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-25T17:00:00Z');
const ZONE = DEFAULT_SALE_TERMS.timeZone;

/** One move an admin may try on a sale's money: each is kept only if the server's rules take it. */
const move = fc.oneof(
  fc.record({
    kind: fc.constant('payment' as const),
    cents: fc.integer({ min: 1, max: 3_000_000 }),
    day: fc.nat(40),
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    cents: fc.integer({ min: 1, max: 3_000_000 }),
    day: fc.nat(40),
  }),
  fc.record({
    kind: fc.constant('credit' as const),
    cents: fc.integer({ min: 1, max: 1_000_000 }),
    day: fc.nat(40),
  }),
  fc.record({ kind: fc.constant('cancel' as const), cents: fc.constant(0), day: fc.nat(40) }),
);

const sum = (state: SaleState, kind: SaleState['ledger'][number]['kind']) =>
  state.ledger.filter((e) => e.kind === kind).reduce((total, e) => total + decimalToCents(e.amount), 0);

/**
 * The ledger's laws (issue #27) over random sequences of payments, refunds, claim credits and a
 * cancellation, on sales of random price, age and late-fee terms, each move kept only when the
 * server's own rule (moneyStepRefusal, the claim-credit cap) would take it.
 */
describe('the ledger (property)', () => {
  it('balance = price + charges − payments − credits + refunds; negative only as a refund owed; paid iff ≤ 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 9_000_000 }),
        fc.integer({ min: 0, max: 30 }),
        fc.constantFrom(0, 1.5, 3),
        fc.array(move, { maxLength: 14 }),
        (priceCents, ageDays, lateFeePercent, moves) => {
          const createdAt = new Date(NOW.getTime() - ageDays * DAY);
          const saleDay = dateInZone(createdAt, ZONE);
          const today = dateInZone(NOW, ZONE);
          const terms = { ...DEFAULT_SALE_TERMS, lateFeePercent };
          const events: StoredSaleEvent[] = [];
          let cancelled = false;
          let credits = 0;
          const stateOf = (list: StoredSaleEvent[], isCancelled = cancelled) =>
            saleStateOf(
              { amount: centsToDecimal(priceCents), createdAt, cancelled: isCancelled, terms },
              list,
              NOW,
            );
          const dayOf = (offset: number) => {
            const day = dateInZone(new Date(createdAt.getTime() + offset * DAY), ZONE);
            return day > today ? today : day < saleDay ? saleDay : day;
          };
          for (const [i, m] of moves.entries()) {
            const at = new Date(Math.min(NOW.getTime(), createdAt.getTime() + m.day * DAY));
            const event = (type: string, data: Record<string, unknown>): StoredSaleEvent => ({
              id: i + 1,
              type,
              data,
              actorType: 'admin',
              createdAt: at,
            });
            const before = stateOf(events);
            if (m.kind === 'cancel') {
              if (cancelled) continue;
              events.push(event('cancelled', {}));
              cancelled = true;
              continue;
            }
            if (m.kind === 'credit') {
              // A claim credit: only on a live sale, never beyond the price less earlier credits.
              if (cancelled || credits + m.cents > priceCents) continue;
              events.push(event('claim_opened', { category: 'other', description: 'x', estimate: '1.00' }));
              events.push(
                event('claim_answered', {
                  claimId: i + 1,
                  decision: 'adjusted',
                  reason: 'x',
                  amount: centsToDecimal(m.cents),
                }),
              );
              credits += m.cents;
              continue;
            }
            if (m.kind === 'payment' && cancelled) continue;
            const step =
              m.kind === 'payment'
                ? event('payment_recorded', {
                    amount: centsToDecimal(m.cents),
                    method: 'ach',
                    receivedOn: dayOf(m.day),
                  })
                : event('refund_recorded', {
                    amount: centsToDecimal(m.cents),
                    method: 'wire',
                    paidOn: dayOf(m.day),
                  });
            const after = stateOf([...events, step]);
            if (moneyStepRefusal(m.kind, before, after) === null) {
              events.push(step);
              // A payment never leaves the dealer owed money back by itself.
              if (m.kind === 'payment') expect(decimalToCents(after.balance)).toBeGreaterThanOrEqual(0);
            }
          }

          const state = stateOf(events);
          const balance = decimalToCents(state.balance);
          const price = sum(state, 'price');
          expect(price).toBe(priceCents);
          expect(balance).toBe(
            price +
              sum(state, 'charge') -
              sum(state, 'payment') -
              sum(state, 'credit') +
              sum(state, 'refund'),
          );
          // The summary figures are the same fold.
          expect(
            decimalToCents(state.amountDue) -
              decimalToCents(state.paidAmount) +
              decimalToCents(state.refunded),
          ).toBe(balance);
          expect(decimalToCents(state.refundOwed)).toBe(balance < 0 ? -balance : 0);
          if (cancelled) {
            expect(state.paidInFull).toBe(false);
            expect(balance).toBe(sum(state, 'refund') - sum(state, 'payment'));
            expect(state.stage).toBe(balance < 0 ? 'refund_owed' : 'cancelled');
          } else {
            expect(state.paidInFull).toBe(balance <= 0);
            expect(state.stage === 'overdue' || state.stage === 'awaiting_payment').toBe(balance > 0);
            expect(state.stage === 'overdue').toBe(
              balance > 0 && today > addBusinessDays(saleDay, terms.paymentDays),
            );
          }
          expect(state.canRelease).toBe(state.paidInFull);
          expect(state.stage === 'refund_owed').toBe(balance < 0);
          // Oldest first.
          const days = state.ledger.map((e) => e.on);
          expect([...days].sort()).toEqual(days);
        },
      ),
      { numRuns: 400 },
    );
  });
});
