/*
 * A claim case's stages, messages and words (contracts/claim-cases.ts,
 * docs/decisions/0041-claim-cases.md), apart from its schemas and its fold so that the lists of
 * sales, which show where a case stands, load no validation library.
 */
import { type IsoDate, isBusinessDay } from './business-days';
import { formatDay } from './dates';
import { decimalToCents, formatAmount } from './money';

export const CLAIM_CASE_TEXT = {
  addSomething: 'Add a photo, a video or an estimate, or mark the evidence complete',
  evidenceClosed: 'The evidence deadline has passed for this claim',
  evidenceAfterComplete: 'The evidence of this claim is already complete',
  caseClosed: 'This claim was closed: the evidence deadline passed without photos or video',
  sectionDetails: 'For damage choose the panel and the kind; for a warning light enter the code',
  /** The flag of an award's refund not paid by its pay-by day (the admin list and its filter). */
  refundLate: 'Claim refund late',
} as const;

/** The marketplace's promised business days (contracts/claim-cases.ts `claimSlaSchema`). */
export interface ClaimSlaDays {
  evidenceDays: number;
  decisionDays: number;
  payDays: number;
}
/** What the words of an award's money read (contracts/claim-cases.ts `ClaimPayment`). */
interface PaymentWords {
  owed: string;
  credited: string;
  dueOn: string;
  paidOn: string | null;
  paidWithinSla: boolean | null;
  businessDaysLeft: number | null;
}
/** What the words of a case read (contracts/claim-cases.ts `ClaimCase`). */
interface CaseWords {
  stage: ClaimCaseStage;
  evidenceDueOn: string;
  decidedOn: string | null;
  decidedWithinSla: boolean | null;
  payDueOn: string | null;
  payment: PaymentWords | null;
  dueOn: string | null;
  businessDaysLeft: number | null;
}
export const DEFAULT_CLAIM_SLA: ClaimSlaDays = { evidenceDays: 2, decisionDays: 3, payDays: 3 };

export const CLAIM_CASE_STAGES = {
  awaiting_evidence: 'Awaiting evidence',
  awaiting_decision: 'Awaiting decision',
  /** The marketplace missed its decision deadline: admins were told, the admin list flags it. */
  escalated: 'Escalated: decision overdue',
  decided: 'Decided',
  /** The dealer missed the evidence deadline without any photo or video: closed, not decided. */
  closed: 'Closed: evidence missing',
} as const;
export type ClaimCaseStage = keyof typeof CLAIM_CASE_STAGES;

/** Business days after `from` up to and including `to` (negative when `to` is earlier). */
export function businessDaysFrom(from: IsoDate, to: IsoDate): number {
  if (to < from) return -businessDaysFrom(to, from);
  let count = 0;
  for (let day = nextCalendarDay(from); day <= to; day = nextCalendarDay(day))
    if (isBusinessDay(day)) count++;
  return count;
}

const nextCalendarDay = (day: IsoDate): IsoDate => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

const daysLeftText = (n: number) =>
  n > 1
    ? `${n} business days left`
    : n === 1
      ? '1 business day left'
      : n === 0
        ? 'due today'
        : `${-n} business day${n === -1 ? '' : 's'} late`;

/**
 * A case in words, as the dealer, the admin and the e-mails read it: "Awaiting evidence: due Dec 1,
 * 2026 (2 business days left)", "Decided Dec 3, 2026 (within 3 business days); paid by Dec 8, 2026".
 */
export function claimCaseText(c: CaseWords, sla: ClaimSlaDays = DEFAULT_CLAIM_SLA): string {
  const stage = CLAIM_CASE_STAGES[c.stage];
  if (c.stage === 'decided' && c.decidedOn) {
    const within = c.decidedWithinSla ? `within ${sla.decisionDays} business days` : 'after the deadline';
    const pay = c.payment
      ? `. ${claimPaymentText(c.payment, sla)}`
      : c.payDueOn
        ? `; paid or credited by ${formatDay(c.payDueOn)}`
        : '';
    return `${stage} ${formatDay(c.decidedOn)} (${within})${pay}`;
  }
  if (c.stage === 'closed') return `${stage} (due ${formatDay(c.evidenceDueOn)})`;
  const what = c.stage === 'awaiting_evidence' ? 'evidence due' : 'decision due';
  return `${stage}: ${what} ${formatDay(c.dueOn!)} (${daysLeftText(c.businessDaysLeft ?? 0)})`;
}

/**
 * An award's money in words, as the dealer's and the admin's sale read it: "Refund of $640.50 due by
 * Dec 8, 2026 (1 business day left)", "Refund of $640.50 paid Dec 7, 2026 (within 3 business days)",
 * "Credit of $640.50 taken off what is owed: nothing to pay out".
 */
export function claimPaymentText(p: PaymentWords, sla: ClaimSlaDays = DEFAULT_CLAIM_SLA): string {
  const owed = formatAmount(p.owed);
  const credited = decimalToCents(p.credited) > 0 ? formatAmount(p.credited) : null;
  if (decimalToCents(p.owed) <= 0)
    return credited
      ? `Credit of ${credited} taken off what is owed: nothing to pay out`
      : 'Nothing to pay out';
  const also = credited ? `; ${credited} taken off what is owed` : '';
  if (p.paidOn) {
    const late = businessDaysFrom(p.dueOn, p.paidOn);
    const when = p.paidWithinSla
      ? `within ${sla.payDays} business days`
      : `${late} business day${late === 1 ? '' : 's'} late`;
    return `Refund of ${owed} paid ${formatDay(p.paidOn)} (${when})${also}`;
  }
  return `Refund of ${owed} due by ${formatDay(p.dueOn)} (${daysLeftText(p.businessDaysLeft ?? 0)})${also}`;
}
