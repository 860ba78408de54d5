import { describe, expect, it } from 'vitest';
import { type ClaimCaseInput, claimCaseOf, claimCaseText, DEFAULT_CLAIM_SLA } from './claim-cases';

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
