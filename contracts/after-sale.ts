import {
  BUYBACK_DESTINATION_KEYS,
  CLAIM_CATEGORIES,
  CLAIM_DECISIONS,
  CLAIM_STATUSES,
  LEDGER_ENTRY_KINDS,
  MAX_CLAIM_PHOTOS,
  ODOMETER_STATUSES,
  PAYMENT_METHODS,
  PICKUP_STATUSES,
  SALE_STAGES,
  TITLE_STATUSES,
} from './after-sale-texts';
import {
  claimCaseSchema,
  claimEvidenceStepSchema,
  claimSlaSchema,
  DEFAULT_CLAIM_SLA,
  REPORT_SECTION_KEYS,
} from './claim-cases';
import { photoSchema } from './condition-report';
import { DAMAGE_PANEL_KEYS, DAMAGE_TYPE_KEYS } from './condition-report-rules';
import { DEAL_PARTS } from './deal-total';
import {
  DELIVERY_STATUSES,
  deliveryConfirmationSchema,
  HOLD_REASONS,
  saleFloorPlanSchema,
  saleTransportSchema,
} from './delivery';
import { guaranteeClockSchema, guaranteeTermsSchema } from './guarantee-schema';
import { keysOf } from './keys';
import { moneySchema } from './money-schema';
import { TRANSACTION_STATUSES } from './statuses';
import { z } from './zod';

/**
 * After the sale (issue #18, docs/design.md §8): payment, title, pickup and the guarantee, as a timeline
 * of typed events per transaction; the current state is derived from it (server
 * modules/transactions/sale-state.ts). Clocks count business days (contracts/business-days.ts).
 */

/** The sale's labels, stages and messages (contracts/after-sale-texts.ts, without zod for the views). */
export * from './after-sale-texts';

const PAYMENT_METHOD_KEYS = keysOf(PAYMENT_METHODS);
const CLAIM_CATEGORY_KEYS = keysOf(CLAIM_CATEGORIES);

/** The terms a sale was made under, recorded on the transaction when it is made. */
export const saleTermsSchema = z.object({
  /** Business days to pay after the sale day. */
  paymentDays: z.number().int().min(0).max(60),
  /** Business days to deliver the title when it came with the deal, and when it was absent. */
  titleDaysWithDeal: z.number().int().min(0).max(60),
  titleDaysAbsent: z.number().int().min(0).max(120),
  /** Business days after pickup or delivery during which the buyer may open a claim. */
  guaranteeDays: z.number().int().min(0).max(60),
  /** Late fee in percent of the price once payment is overdue (0 = none). */
  lateFeePercent: z.number().min(0).max(25),
  /** The time zone the business days are counted in (IANA name). */
  timeZone: z.string(),
  /** A claim's deadlines (contracts/claim-cases.ts); sales made before them read the defaults. */
  claimSla: claimSlaSchema.optional(),
  /**
   * The guarantee of the car's certification level when it was sold (docs/decisions/0040-guarantee-clock.md);
   * its `days` is `guaranteeDays`. Absent on sales made before levels had terms.
   */
  guarantee: guaranteeTermsSchema.optional(),
});
export type SaleTerms = z.infer<typeof saleTermsSchema>;

export const DEFAULT_SALE_TERMS: SaleTerms = {
  paymentDays: 3,
  titleDaysWithDeal: 5,
  titleDaysAbsent: 21,
  guaranteeDays: 7,
  lateFeePercent: 0,
  timeZone: 'America/New_York',
  claimSla: DEFAULT_CLAIM_SLA,
};

const isoDate = z.iso.date({ error: 'Enter a date as YYYY-MM-DD' });
/** Every amount of the after-sale steps: the one money parser ("$1,250.5" → "1250.50"). */
const centsAmount = moneySchema;
const shortText = (max: number) => z.string().trim().min(1).max(max);

/** A payment received: how much, how, its reference and the day it arrived. */
export const paymentStepSchema = z.strictObject({
  type: z.literal('payment_recorded'),
  amount: centsAmount,
  method: z.enum(PAYMENT_METHOD_KEYS, { error: 'Choose ACH, check, wire or floor plan' }),
  reference: z.string().trim().max(100).default(''),
  receivedOn: isoDate,
});

/** The body of POST /api/transactions/:id/events (admin) — one step of the sale's life. */
export const adminSaleEventBodySchema = z.discriminatedUnion('type', [
  paymentStepSchema,
  /** Money paid back to the dealer (a claim credit after payment, an unwound paid sale). */
  z.strictObject({
    type: z.literal('refund_recorded'),
    amount: centsAmount,
    method: z.enum(PAYMENT_METHOD_KEYS, { error: 'Choose ACH, check, wire or floor plan' }),
    reference: z.string().trim().max(100).default(''),
    paidOn: isoDate,
  }),
  z.strictObject({
    type: z.literal('title_received'),
    /** The title came with the deal (the 5-day clock) rather than later (the 21-day one). */
    withDeal: z.boolean().default(false),
  }),
  z.strictObject({
    type: z.literal('title_sent'),
    carrier: shortText(60),
    trackingNumber: shortText(60),
  }),
  z.strictObject({
    type: z.literal('pickup_ready'),
    address: shortText(300),
    hours: shortText(200),
  }),
  z.strictObject({
    type: z.literal('picked_up'),
    on: isoDate,
    by: shortText(120),
  }),
  z.strictObject({
    type: z.literal('delivered'),
    on: isoDate,
    carrier: shortText(120),
  }),
  z.strictObject({ type: z.literal('unwind_declined'), reason: shortText(1000) }),
  /** Which odometer statement the bill of sale certifies (the latest one counts; default actual). */
  z.strictObject({
    type: z.literal('odometer_stated'),
    status: z.enum(ODOMETER_STATUSES, { error: 'Choose the odometer statement' }),
  }),
  z.strictObject({
    type: z.literal('claim_answered'),
    /** The claim: the id of its `claim_opened` step. */
    claimId: z.number().int().positive(),
    decision: z.enum(CLAIM_DECISIONS, { error: 'Choose deny, adjust the price or unwind' }),
    reason: shortText(1000),
    /** The price adjustment decided (decision `adjusted` only); the deductible is taken off it. */
    amount: centsAmount.optional(),
    /** Where a bought-back car goes (decision `unwound` only; default: listed again). */
    destination: z.enum(BUYBACK_DESTINATION_KEYS, { error: 'Choose where the car goes' }).optional(),
  }),
]);
export type AdminSaleEventBody = z.input<typeof adminSaleEventBodySchema>;

/** The body of POST /api/dealer/transactions/:id/events — what the buying dealer can record. */
export const dealerSaleEventBodySchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('title_confirmed') }),
  z.strictObject({ type: z.literal('unwind_requested'), reason: shortText(1000) }),
  z.strictObject({
    type: z.literal('claim_opened'),
    category: z.enum(CLAIM_CATEGORY_KEYS, { error: 'Choose what the claim is about' }),
    /** Body damage: where and what (checked against the condition report's damage items). */
    panel: z.enum(DAMAGE_PANEL_KEYS).optional(),
    damageType: z.enum(DAMAGE_TYPE_KEYS).optional(),
    /** Warning light: the light or OBD code (checked against the report's warning lights). */
    code: z.string().trim().max(40).optional(),
    description: shortText(2000),
    estimate: centsAmount,
    /** Photos the dealer uploaded for the claim (tus /api/photo-uploads, then their ids). */
    photoIds: z
      .array(z.number().int().positive())
      .max(MAX_CLAIM_PHOTOS, { error: `A claim has at most ${MAX_CLAIM_PHOTOS} photos` })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'The same photo is listed twice' })
      .default([]),
    /** A video the dealer uploaded (tus /api/uploads, its result URL) or a Cloudinary URL. */
    videoUrl: z.string().trim().max(500).optional(),
    /** The evidence is complete at opening (else more may follow until the evidence deadline). */
    evidenceComplete: z.boolean().default(false),
  }),
  /** More evidence for an open claim, tied to a condition report line (contracts/claim-cases.ts). */
  claimEvidenceStepSchema,
]);
export type DealerSaleEventBody = z.input<typeof dealerSaleEventBodySchema>;

export const SALE_EVENT_TYPES = [
  'sold',
  /** The reconditioning package chosen with the sale (docs/design.md §14): a charge on its ledger. */
  'recon_package',
  'payment_recorded',
  'refund_recorded',
  'title_received',
  'title_sent',
  'title_confirmed',
  'pickup_ready',
  'picked_up',
  'delivered',
  'unwind_requested',
  'unwind_declined',
  'claim_opened',
  'claim_evidence_added',
  'claim_answered',
  /** Recorded once by the claim-deadlines job: the dealer missed the evidence deadline; the marketplace missed its decision's. */
  'claim_closed',
  'claim_escalated',
  /** Recorded once by the claim-deadlines job: an award's refund not paid by its pay-by day (issue #48). */
  'claim_payment_late',
  'odometer_stated',
  'cancelled',
  /** Certified delivery (docs/design.md §15): ordered (a charge), each status, cancelled (the charge back). */
  'transport_ordered',
  'transport_status',
  'transport_cancelled',
  'bol_attached',
  /** The dealer's confirmation at arrival: odometer and photos. */
  'delivery_confirmed',
  /** The admin accepts a confirmation held for its odometer (issue #44). */
  'delivery_accepted',
  /** Paid with a floor-plan line: sent, the lender's answer, the funding (a payment). */
  'floor_plan_requested',
  'floor_plan_approved',
  'floor_plan_declined',
  'floor_plan_funded',
] as const;
export type SaleEventType = (typeof SALE_EVENT_TYPES)[number];

/** One step of a sale as both sides see it: what, when, who, and its facts in words. */
export const saleEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(SALE_EVENT_TYPES),
  at: z.string(),
  by: z.enum(['admin', 'dealer', 'system']),
  summary: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type SaleEvent = z.infer<typeof saleEventSchema>;

/** Which part of the deal a ledger line belongs to, and the parts the buyer commits (contracts/deal-total.ts). */
export { COMMITTED_PARTS, DEAL_PARTS, type DealPart } from './deal-total';

/** A sale's deal, part by part (decimal strings); `total` is what it costs the dealer now. */
export const dealSchema = z.object({
  price: z.string(),
  reconditioning: z.string(),
  /** Certified delivery ordered, less any delivery cancelled. */
  delivery: z.string(),
  fees: z.string(),
  credits: z.string(),
  /** price + reconditioning + delivery + fees − credits (= amountDue). */
  total: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;

/**
 * One line of a sale's ledger: the price, a payment received, a charge (late fee), a credit (claim
 * adjustment, the price taken back by an unwind) or a refund paid to the dealer. `amount` is
 * positive; the kind says which way it moves the balance.
 */
export const ledgerEntrySchema = z.object({
  kind: z.enum(keysOf(LEDGER_ENTRY_KINDS)),
  label: z.string(),
  amount: z.string(),
  /** The day it happened (YYYY-MM-DD, the sale's time zone). */
  on: z.string(),
  method: z.enum(PAYMENT_METHOD_KEYS).nullable(),
  reference: z.string().nullable(),
  by: z.enum(['admin', 'dealer', 'system']),
  /** The timeline step it comes from (null for derived lines: the price, a late fee). */
  eventId: z.number().int().nullable(),
  /** Which part of the deal it is (DEAL_PARTS). */
  part: z.enum(keysOf(DEAL_PARTS)),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** The clocks and states every transaction view carries (admin and dealer). */
export const saleStateSchema = z.object({
  /** The spec's status (the admin's Mark completed); the stage reads `completed` from it. */
  status: z.enum(TRANSACTION_STATUSES),
  paymentDueAt: z.string(),
  /**
   * The day payment is due in the sale's own time zone (YYYY-MM-DD), the day its clock ends: what
   * every screen, export and message words ("Due Dec 3, 2026"), never worked out again from the
   * instant (a reader elsewhere must not see the next day; Intl's zone data is also a long first
   * use on a slow phone, issue #47).
   */
  paymentDueOn: z.string(),
  /** Every payment received (refunds are separate: `refunded`). */
  paidAmount: z.string(),
  /** Price + charges − credits: what the sale costs the dealer now (0 once unwound). */
  amountDue: z.string(),
  /** The same total, part by part: the one answer to "what does this deal cost" (dealOf). */
  deal: dealSchema,
  lateFee: z.string(),
  /** Refunds paid back to the dealer. */
  refunded: z.string(),
  /**
   * The one balance (signed decimal): price + charges − credits − payments + refunds. Above zero
   * the dealer owes it; below zero the marketplace owes the dealer a refund (`refundOwed`).
   */
  balance: z.string(),
  /** What the marketplace must pay back (−balance when negative, else "0.00"). */
  refundOwed: z.string(),
  /** The spec's paid flag, derived: a live sale whose balance is zero or less. */
  paidInFull: z.boolean(),
  /**
   * The vehicle may be released (gate pass, pickup, transport): nothing is owed, or a floor-plan
   * line's lender approved what is owed (docs/design.md §15); and its reconditioning is done.
   */
  canRelease: z.boolean(),
  /** Every money line of the sale, oldest first. */
  ledger: z.array(ledgerEntrySchema),
  stage: z.enum(keysOf(SALE_STAGES)),
  /**
   * Where the car is (DELIVERY_STATUS_LABELS), one state folded from the carrier's events, the admin's
   * moves and the dealer's confirmation: the header, the delivery box and the boards read it.
   */
  deliveryStatus: z.enum(DELIVERY_STATUSES),
  /** What holds the car back (HOLD_REASON_LABELS) and its words, the same for the dealer and the admin. */
  holdReason: z.enum(HOLD_REASONS),
  holdText: z.string().nullable(),
  /** Whole days past the due date while unpaid (0 when not overdue). */
  daysLate: z.number().int(),
  titleStatus: z.enum(TITLE_STATUSES),
  titleDueAt: z.string(),
  /** The day the title is due in the sale's time zone (YYYY-MM-DD), as `paymentDueOn`. */
  titleDueOn: z.string(),
  titleLate: z.boolean(),
  /** The dealer may ask to unwind: the title clock ran out and no request is pending. */
  canRequestUnwind: z.boolean(),
  unwindRequested: z.boolean(),
  pickupStatus: z.enum(PICKUP_STATUSES),
  /** Shown only while the car may be released (docs/design.md §8, issue #44). */
  gatePassCode: z.string().nullable(),
  /** Why a gate pass once issued is not valid now (money owed after a later charge), or null. */
  gatePassWithdrawn: z.string().nullable(),
  guaranteeEndsAt: z.string().nullable(),
  /** The guarantee clock (transactions/guarantee-clock.ts): start, pause, end, days left, in words. */
  guarantee: guaranteeClockSchema,
  odometerStatus: z.enum(ODOMETER_STATUSES),
  /** The dealer may open a claim: picked up or delivered, within the guarantee, none open. */
  canOpenClaim: z.boolean(),
  claims: z.array(
    z.object({
      id: z.number().int(),
      category: z.enum(CLAIM_CATEGORY_KEYS),
      description: z.string(),
      estimate: z.string(),
      openedAt: z.string(),
      status: z.enum(CLAIM_STATUSES),
      answer: z.string().nullable(),
      /** What the ledger credits for an adjustment: the amount decided less the deductible (claimCreditOf). */
      adjustment: z.string().nullable(),
      /** The adjustment as decided, before the deductible (null unless adjusted). */
      decidedAmount: z.string().nullable(),
      /** The terms' deductible taken off the adjustment (null unless adjusted). */
      deductible: z.string().nullable(),
      /** A buyback's destination (null unless unwound). */
      destination: z.enum(BUYBACK_DESTINATION_KEYS).nullable(),
      photos: z.array(photoSchema),
      videoUrl: z.string().nullable(),
      /** The condition report section the claim is about (its category, or its first evidence's line). */
      section: z.enum(REPORT_SECTION_KEYS),
      /** Evidence added after opening, oldest first. */
      evidence: z.array(
        z.object({
          id: z.number().int(),
          at: z.string(),
          section: z.enum(REPORT_SECTION_KEYS),
          /** The report line in words ("Hood: Dent", "Check engine", "Not in the report"). */
          line: z.string(),
          photos: z.array(photoSchema),
          videoUrl: z.string().nullable(),
          estimate: z.string().nullable(),
          note: z.string(),
        }),
      ),
      /** The case: stage, deadlines, days left (claimCaseOf). */
      case: claimCaseSchema,
      /** The admins were told the decision is overdue (the claim-deadlines job). */
      escalated: z.boolean(),
      /** The award's refund was not paid by its pay-by day: recorded once by the claim-deadlines job. */
      paymentLate: z.boolean(),
    }),
  ),
  /** Price adjustments credited to the dealer on claims (each after its deductible). */
  adjustments: z.string(),
  /** Certified delivery, if ordered (the latest order; a cancelled one shows as cancelled). */
  transport: saleTransportSchema.nullable(),
  deliveryConfirmation: deliveryConfirmationSchema.nullable(),
  /** The floor-plan request paying for the sale (the latest one), if any. */
  floorPlan: saleFloorPlanSchema.nullable(),
  terms: saleTermsSchema,
  timeline: z.array(saleEventSchema),
});
export type SaleState = z.infer<typeof saleStateSchema>;
