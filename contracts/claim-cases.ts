import { addBusinessDays, dateInZone, type IsoDate } from './business-days';
import {
  businessDaysFrom,
  CLAIM_CASE_STAGES,
  CLAIM_CASE_TEXT,
  type ClaimCaseStage,
} from './claim-case-texts';
import { DAMAGE_PANEL_KEYS, DAMAGE_TYPE_KEYS } from './condition-report-rules';
import { centsToDecimal } from './money';
import { moneySchema } from './money-schema';
import { z } from './zod';

/**
 * A claim is a case with deadlines (issue #48, docs/decisions/0041-claim-cases.md): the dealer
 * documents it within `evidenceDays` business days of opening, the marketplace decides within
 * `decisionDays` of the evidence being complete (or of the evidence deadline), and the award is paid
 * or credited within `payDays` more. One pure function (claimCaseOf) computes where a case stands
 * from its timeline; every view reads it.
 */
export const claimSlaSchema = z.object({
  evidenceDays: z.number().int().min(0).max(30),
  decisionDays: z.number().int().min(0).max(30),
  payDays: z.number().int().min(0).max(30),
});
export type ClaimSla = z.infer<typeof claimSlaSchema>;

/**
 * The condition report's sections an evidence item is tied to (contracts/condition-report.ts: damage
 * by panel, tires, warning lights), or `undisclosed`: something the report has no line for.
 */
export const REPORT_SECTIONS = {
  damage: 'Damage',
  tires: 'Tires',
  warning_lights: 'Warning lights',
  undisclosed: 'Not in the report (undisclosed)',
} as const;
export type ReportSection = keyof typeof REPORT_SECTIONS;
export const REPORT_SECTION_KEYS = Object.keys(REPORT_SECTIONS) as [ReportSection, ...ReportSection[]];

export const MAX_EVIDENCE_PHOTOS = 12;

/** A case's stages, messages and words (contracts/claim-case-texts.ts, without zod for the lists). */
export {
  businessDaysFrom,
  CLAIM_CASE_STAGES,
  CLAIM_CASE_TEXT,
  type ClaimCaseStage,
  claimCaseText,
  claimPaymentText,
  DEFAULT_CLAIM_SLA,
} from './claim-case-texts';

/** The body of a `claim_evidence_added` step (dealer): items tied to one report line, or "I'm done". */
export const claimEvidenceStepSchema = z
  .strictObject({
    type: z.literal('claim_evidence_added'),
    claimId: z.number().int().positive(),
    section: z.enum(REPORT_SECTION_KEYS, { error: 'Choose the condition report line, or undisclosed' }),
    /** Damage: the panel and the kind (a panel+kind the report lists is refused: disclosed). */
    panel: z.enum(DAMAGE_PANEL_KEYS).optional(),
    damageType: z.enum(DAMAGE_TYPE_KEYS).optional(),
    /** Warning lights: the light or code (one the report lists is refused: disclosed). */
    code: z.string().trim().max(40).optional(),
    photoIds: z
      .array(z.number().int().positive())
      .max(MAX_EVIDENCE_PHOTOS, { error: `At most ${MAX_EVIDENCE_PHOTOS} photos at a time` })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'The same photo is listed twice' })
      .default([]),
    videoUrl: z.string().trim().max(500).optional(),
    /** A repair estimate (replaces the claim's estimate). */
    estimate: moneySchema.optional(),
    note: z.string().trim().max(1000).default(''),
    /** The dealer says the evidence is complete: the decision clock starts today. */
    complete: z.boolean().default(false),
  })
  .refine((step) => step.complete || step.photoIds.length > 0 || step.videoUrl || step.estimate, {
    error: CLAIM_CASE_TEXT.addSomething,
  });

/** What a case stands on: its opening, the evidence steps and the decision, with their instants. */
export interface ClaimCaseInput {
  openedAt: Date;
  /** The claim was opened with a photo or a video. */
  openedWithMedia: boolean;
  /** The claim was opened with the evidence marked complete. */
  openedComplete: boolean;
  evidence: { at: Date; withMedia: boolean; complete: boolean }[];
  decidedAt: Date | null;
  /** The decision gives the dealer money (a credit or a buyback): the pay deadline applies. */
  awards: boolean;
  /** The claim-deadlines job recorded the case closed, or escalated (its steps are final marks). */
  closedMarked: boolean;
  escalatedMarked: boolean;
  /**
   * What the award left to pay out (the sale's fold, sale-state.ts): the refund it made owed (a credit
   * after payment, a paid sale bought back) and the part taken off what was still owed, and the day
   * the refunds recorded after it covered it. Absent: not known (the case then says only its day).
   */
  payout?: { owedCents: number; creditedCents: number; paidOn: IsoDate | null };
  /** The claim-deadlines job recorded the award's refund late (a final mark, once). */
  paymentLateMarked?: boolean;
}

/**
 * An award's money (issue #48): the refund owed by the pay-by day, or nothing to pay out when it
 * was all taken off what the dealer still owed; when the refunds covered it, and whether in time.
 */
export const claimPaymentSchema = z.object({
  /** The refund the award made owed (decimal dollars; "0.00": nothing to pay out). */
  owed: z.string(),
  /** The part taken off what the dealer still owed (decimal dollars). */
  credited: z.string(),
  dueOn: z.string(),
  /** The day the refunds recorded after the decision covered it, or null. */
  paidOn: z.string().nullable(),
  /** Paid on or before the pay-by day (null while unpaid, or nothing to pay out). */
  paidWithinSla: z.boolean().nullable(),
  /** Business days from the decision to the payment (null while unpaid). */
  businessDaysToPay: z.number().int().nullable(),
  /** Business days left to the pay-by day while unpaid (0 on the day; negative once late), else null. */
  businessDaysLeft: z.number().int().nullable(),
  /** Owed and not paid by the pay-by day (paid late, or still unpaid past it). */
  late: z.boolean(),
});
export type ClaimPayment = z.infer<typeof claimPaymentSchema>;

export const claimCaseSchema = z.object({
  stage: z.enum(Object.keys(CLAIM_CASE_STAGES) as [ClaimCaseStage, ...ClaimCaseStage[]]),
  evidenceDueOn: z.string(),
  /** The day the evidence was complete (marked, or the deadline reached with media), or null. */
  evidenceCompleteOn: z.string().nullable(),
  decisionDueOn: z.string(),
  decidedOn: z.string().nullable(),
  /** Decided on or before the decision deadline (null while undecided). */
  decidedWithinSla: z.boolean().nullable(),
  /** Business days from opening to the decision (null while undecided). */
  businessDaysToDecision: z.number().int().nullable(),
  /** A credit or buyback is paid or credited by this day (null otherwise). */
  payDueOn: z.string().nullable(),
  /** The award's money against its pay-by day (null unless decided with an award whose payout is known). */
  payment: claimPaymentSchema.nullable(),
  /** The deadline the case waits on now (evidence, or decision), null when decided or closed. */
  dueOn: z.string().nullable(),
  /** Business days left to `dueOn` (0 on the day; negative once missed). */
  businessDaysLeft: z.number().int().nullable(),
});
export type ClaimCase = z.infer<typeof claimCaseSchema>;

/**
 * Where a case stands at `now` (pure): the evidence deadline counts from the opening day; the
 * evidence is complete the day the dealer marks it so, or at its deadline when it holds a photo or
 * a video (else the case is closed); the decision deadline counts from that day; a decision is
 * within the SLA on or before it; an award is paid within `payDays` of the decision.
 */
export function claimCaseOf(input: ClaimCaseInput, sla: ClaimSla, timeZone: string, now: Date): ClaimCase {
  const day = (instant: Date) => dateInZone(instant, timeZone);
  const today = day(now);
  const openedOn = day(input.openedAt);
  const evidenceDueOn = addBusinessDays(openedOn, sla.evidenceDays);
  const marked = input.openedComplete ? input.openedAt : input.evidence.find((e) => e.complete)?.at;
  const markedOn = marked && day(marked) <= evidenceDueOn ? day(marked) : null;
  const hasMedia =
    input.openedWithMedia || input.evidence.some((e) => e.withMedia && day(e.at) <= evidenceDueOn);
  const decidedOn = input.decidedAt ? day(input.decidedAt) : null;
  // The evidence deadline reached (or the decision came first): complete with media, else closed.
  const deadlineReached = today > evidenceDueOn || (decidedOn !== null && decidedOn > evidenceDueOn);
  const evidenceCompleteOn = markedOn ?? (deadlineReached && hasMedia ? evidenceDueOn : null);
  const decisionDueOn = addBusinessDays(markedOn ?? evidenceDueOn, sla.decisionDays);
  const closed = !decidedOn && (input.closedMarked || (!markedOn && !hasMedia && today > evidenceDueOn));
  const stage: ClaimCaseStage = decidedOn
    ? 'decided'
    : closed
      ? 'closed'
      : !evidenceCompleteOn
        ? 'awaiting_evidence'
        : today > decisionDueOn || input.escalatedMarked
          ? 'escalated'
          : 'awaiting_decision';
  const payDueOn = decidedOn && input.awards ? addBusinessDays(decidedOn, sla.payDays) : null;
  const dueOn =
    stage === 'awaiting_evidence'
      ? evidenceDueOn
      : stage === 'awaiting_decision' || stage === 'escalated'
        ? decisionDueOn
        : null;
  return {
    stage,
    evidenceDueOn,
    evidenceCompleteOn,
    decisionDueOn,
    decidedOn,
    decidedWithinSla: decidedOn ? decidedOn <= decisionDueOn : null,
    businessDaysToDecision: decidedOn ? businessDaysFrom(openedOn, decidedOn) : null,
    payDueOn,
    payment:
      payDueOn && decidedOn && input.payout ? paymentOf(input.payout, decidedOn, payDueOn, today) : null,
    dueOn,
    businessDaysLeft: dueOn ? businessDaysFrom(today, dueOn) : null,
  };
}

/** An award's payment at `today`: owed, paid when, in time or late (claimCaseOf). */
function paymentOf(
  payout: NonNullable<ClaimCaseInput['payout']>,
  decidedOn: IsoDate,
  dueOn: IsoDate,
  today: IsoDate,
): ClaimPayment {
  const owes = payout.owedCents > 0;
  const paidOn = owes ? payout.paidOn : null;
  return {
    owed: centsToDecimal(payout.owedCents),
    credited: centsToDecimal(payout.creditedCents),
    dueOn,
    paidOn,
    paidWithinSla: paidOn ? paidOn <= dueOn : null,
    businessDaysToPay: paidOn ? businessDaysFrom(decidedOn, paidOn) : null,
    businessDaysLeft: owes && !paidOn ? businessDaysFrom(today, dueOn) : null,
    late: owes && (paidOn ? paidOn > dueOn : today > dueOn),
  };
}
