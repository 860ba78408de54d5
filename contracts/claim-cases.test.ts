import { describe, expect, it } from 'vitest';
import {
  type ClaimCaseInput,
  claimCaseOf,
  claimCaseText,
  claimPaymentText,
  DEFAULT_CLAIM_SLA,
} from './claim-cases';

const zone = 'America/New_York';
/** Noon in New York on a day (EST in late November: UTC-5). */
const at = (day: string) => new Date(`${day}T17:00:00Z`);
const opened = (over: Partial<ClaimCaseInput> = {}): ClaimCaseInput => ({
  // Wednesday before Thanksgiving (Thursday, November 26, 2026): the holiday and the weekend follow.
  openedAt: at('2026-11-25'),
  openedWithMedia: true,
  openedComplete: false,
  evidence: [],
  decidedAt: null,
  awards: false,
  closedMarked: false,
  escalatedMarked: false,
  ...over,
});
const caseAt = (input: ClaimCaseInput, day: string) => claimCaseOf(input, DEFAULT_CLAIM_SLA, zone, at(day));

describe('a claim case across a holiday and a weekend (2, 3, 3 business days)', () => {
  it('gives the dealer until Monday for evidence, then the marketplace until Thursday to decide', () => {
    const friday = caseAt(opened(), '2026-11-27');
    expect(friday).toMatchObject({
      stage: 'awaiting_evidence',
      evidenceDueOn: '2026-11-30',
      dueOn: '2026-11-30',
      businessDaysLeft: 1,
      decisionDueOn: '2026-12-03',
    });
    expect(claimCaseText(friday)).toBe('Awaiting evidence: evidence due Nov 30, 2026 (1 business day left)');
    expect(caseAt(opened(), '2026-12-01')).toMatchObject({
      stage: 'awaiting_decision',
      evidenceCompleteOn: '2026-11-30',
      dueOn: '2026-12-03',
      businessDaysLeft: 2,
    });
    expect(caseAt(opened(), '2026-12-04')).toMatchObject({ stage: 'escalated', businessDaysLeft: -1 });
  });

  it('starts the decision clock the day the dealer marks the evidence complete', () => {
    const input = opened({ evidence: [{ at: at('2026-11-27'), withMedia: true, complete: true }] });
    expect(caseAt(input, '2026-11-27')).toMatchObject({
      stage: 'awaiting_decision',
      evidenceCompleteOn: '2026-11-27',
      decisionDueOn: '2026-12-02',
    });
  });

  it('closes a case with no photo or video at the evidence deadline, and never decides it', () => {
    const bare = opened({ openedWithMedia: false });
    expect(caseAt(bare, '2026-11-30').stage).toBe('awaiting_evidence');
    expect(caseAt(bare, '2026-12-01')).toMatchObject({
      stage: 'closed',
      dueOn: null,
      businessDaysLeft: null,
    });
    // Evidence after the deadline does not count.
    const late = opened({
      openedWithMedia: false,
      evidence: [{ at: at('2026-12-01'), withMedia: true, complete: true }],
    });
    expect(caseAt(late, '2026-12-01').stage).toBe('closed');
    expect(caseAt(opened({ openedWithMedia: false, closedMarked: true }), '2026-11-27').stage).toBe('closed');
  });

  it('measures a decision: business days from opening, within the deadline, paid within 3 more', () => {
    const decided = caseAt(opened({ decidedAt: at('2026-12-03'), awards: true }), '2026-12-10');
    expect(decided).toMatchObject({
      stage: 'decided',
      decidedOn: '2026-12-03',
      decidedWithinSla: true,
      businessDaysToDecision: 5,
      payDueOn: '2026-12-08',
    });
    expect(claimCaseText(decided)).toBe(
      'Decided Dec 3, 2026 (within 3 business days); paid or credited by Dec 8, 2026',
    );
    const late = caseAt(opened({ decidedAt: at('2026-12-04') }), '2026-12-04');
    expect(late).toMatchObject({ decidedWithinSla: false, payDueOn: null });
  });
});

describe('an award paid across Thanksgiving (3 business days to pay)', () => {
  // Decided Wednesday, November 25, 2026: Thursday is a holiday, then the weekend.
  const awarded = (payout: ClaimCaseInput['payout']) =>
    opened({ decidedAt: at('2026-11-25'), awards: true, payout });
  const refund = { owedCents: 64_050, creditedCents: 0, paidOn: null };

  it('is due Tuesday: two business days left on Friday, one on Monday, late on Wednesday', () => {
    expect(caseAt(awarded(refund), '2026-11-27').payment).toMatchObject({
      owed: '640.50',
      dueOn: '2026-12-01',
      businessDaysLeft: 2,
      late: false,
    });
    const monday = caseAt(awarded(refund), '2026-11-30');
    expect(monday.payment?.businessDaysLeft).toBe(1);
    expect(claimPaymentText(monday.payment!)).toBe(
      'Refund of $640.50 due by Dec 1, 2026 (1 business day left)',
    );
    const wednesday = caseAt(awarded(refund), '2026-12-02');
    expect(wednesday.payment).toMatchObject({ late: true, businessDaysLeft: -1, paidOn: null });
    expect(claimCaseText(wednesday)).toBe(
      'Decided Nov 25, 2026 (within 3 business days). Refund of $640.50 due by Dec 1, 2026 (1 business day late)',
    );
  });

  it('counts a payment on the pay-by day within, the next business day one late', () => {
    const onTime = caseAt(awarded({ ...refund, paidOn: '2026-12-01' }), '2026-12-10').payment!;
    expect(onTime).toMatchObject({
      paidWithinSla: true,
      businessDaysToPay: 3,
      late: false,
      businessDaysLeft: null,
    });
    expect(claimPaymentText(onTime)).toBe('Refund of $640.50 paid Dec 1, 2026 (within 3 business days)');
    const late = caseAt(awarded({ ...refund, paidOn: '2026-12-02' }), '2026-12-10').payment!;
    expect(late).toMatchObject({ paidWithinSla: false, businessDaysToPay: 4, late: true });
    expect(claimPaymentText(late)).toBe('Refund of $640.50 paid Dec 2, 2026 (1 business day late)');
  });

  it('says a credit taken off what is still owed has nothing to pay out, and is never late', () => {
    const credit = caseAt(awarded({ owedCents: 0, creditedCents: 64_050, paidOn: null }), '2026-12-10')
      .payment!;
    expect(credit).toMatchObject({ owed: '0.00', credited: '640.50', late: false, businessDaysLeft: null });
    expect(claimPaymentText(credit)).toBe('Credit of $640.50 taken off what is owed: nothing to pay out');
    const part = caseAt(awarded({ owedCents: 10_000, creditedCents: 54_050, paidOn: null }), '2026-11-30');
    expect(claimPaymentText(part.payment!)).toBe(
      'Refund of $100 due by Dec 1, 2026 (1 business day left); $540.50 taken off what is owed',
    );
  });
});
