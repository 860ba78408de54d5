import {
  CLAIM_CASE_STAGES,
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

/** The odometer certification of the bill of sale (49 CFR 580.5), chosen by the admin. */
export const ODOMETER_STATUSES = ['actual', 'exceeds_limits', 'not_actual'] as const;
export type OdometerStatus = (typeof ODOMETER_STATUSES)[number];
export const ODOMETER_STATUS_LABELS: Record<OdometerStatus, string> = {
  actual: 'Actual mileage',
  exceeds_limits: 'Exceeds mechanical limits',
  not_actual: 'Not the actual mileage (odometer discrepancy)',
};

export const PAYMENT_METHODS = {
  ach: 'ACH',
  check: 'Check',
  wire: 'Wire',
  floor_plan: 'Floor plan',
} as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;
const PAYMENT_METHOD_KEYS = keysOf(PAYMENT_METHODS);

export const TITLE_STATUSES = ['absent', 'received', 'sent', 'confirmed'] as const;
export type TitleStatus = (typeof TITLE_STATUSES)[number];
export const TITLE_STATUS_LABELS: Record<TitleStatus, string> = {
  absent: 'Title absent',
  received: 'Title received',
  sent: 'Sent to dealer',
  confirmed: 'Received by dealer',
};

export const PICKUP_STATUSES = ['not_ready', 'ready', 'picked_up', 'delivered'] as const;
export type PickupStatus = (typeof PICKUP_STATUSES)[number];
export const PICKUP_STATUS_LABELS: Record<PickupStatus, string> = {
  not_ready: 'Not ready',
  ready: 'Ready for pickup',
  picked_up: 'Picked up',
  delivered: 'Delivered by carrier',
};

/** How the admin answers a claim. */
export const CLAIM_DECISIONS = ['denied', 'adjusted', 'unwound'] as const;
export type ClaimDecision = (typeof CLAIM_DECISIONS)[number];
/** A claim's status: open until answered, then the answer's decision; closed when its evidence never came. */
export const CLAIM_STATUSES = ['open', ...CLAIM_DECISIONS, 'closed'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const MAX_CLAIM_PHOTOS = 12;

/** What a guarantee claim is about (issue #18: undisclosed condition). */
export const CLAIM_CATEGORIES = {
  body: 'Body damage',
  mechanical: 'Mechanical',
  warning_light: 'Warning light / code',
  frame: 'Frame or structural',
  odometer: 'Odometer',
  /** A brand (salvage, flood, rebuilt…) on the title the listing did not disclose. */
  title_brand: 'Title brand',
  /** Damage the carrier did between our lot and the dealer's (docs/design.md §15). */
  transit_damage: 'Damage in transit',
  other: 'Other',
} as const;
export type ClaimCategory = keyof typeof CLAIM_CATEGORIES;
const CLAIM_CATEGORY_KEYS = keysOf(CLAIM_CATEGORIES);

/**
 * Where a bought-back car goes (docs/decisions/0043-claim-coverage-and-deductible.md): listed again at
 * once, as an unwind always did, or first to reconditioning (a work order for the claimed item; the
 * car waits in the completion queue, off the market, until an admin lists it again).
 */
export const BUYBACK_DESTINATIONS = {
  listed: 'Listed again',
  reconditioning: 'Reconditioning first',
} as const;
export type BuybackDestination = keyof typeof BUYBACK_DESTINATIONS;
export const BUYBACK_DESTINATION_KEYS = keysOf(BUYBACK_DESTINATIONS);

export const CLAIM_DECISION_LABELS: Record<ClaimDecision, string> = {
  denied: 'Denied',
  adjusted: 'Price adjusted',
  unwound: 'Sale unwound',
};
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  open: 'Open',
  ...CLAIM_DECISION_LABELS,
  closed: CLAIM_CASE_STAGES.closed,
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

/**
 * Where a sale stands, in one word both sides read (issue #27): derived on the server from the
 * ledger and the timeline, so the dealer never reads "Pending" on a car paid for and picked up.
 */
export const SALE_STAGES = {
  awaiting_payment: 'Awaiting payment',
  overdue: 'Payment overdue',
  paid: 'Paid',
  ready_for_pickup: 'Ready for pickup',
  /** Paid for by a floor-plan line the lender approved, not funded yet: it may be released. */
  lender_approved: 'Approved by lender',
  picked_up: 'Picked up',
  in_transport: 'In transport',
  delivered: 'Delivered',
  refund_owed: 'Refund owed',
  cancelled: 'Cancelled',
  /** The admin marked the sale completed (the spec's status): both sides read it so. */
  completed: 'Completed',
} as const;
export type SaleStage = keyof typeof SALE_STAGES;

/** What an entry of a sale's ledger is (issue #27): every money move is one. */
export const LEDGER_ENTRY_KINDS = {
  price: 'Price',
  charge: 'Charge',
  credit: 'Credit',
  payment: 'Payment',
  refund: 'Refund',
} as const;
export type LedgerEntryKind = keyof typeof LEDGER_ENTRY_KINDS;

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

export const SALE_TEXT = {
  notFound: 'Transaction not found',
  cancelled: 'This transaction was cancelled and can no longer be changed',
  overpaid: 'This payment is more than what is left to pay',
  titleOrder: 'Record the title as received before sending it',
  titleNotSent: 'The title has not been sent yet',
  titleAlready: 'The title was already confirmed',
  titleAlreadyReceived: 'The title was already recorded as received',
  pickupNotReady: 'Mark the vehicle ready for pickup first',
  pickupDone: 'The vehicle was already picked up or delivered',
  unwindTooEarly: 'An unwind can be requested once the title is late',
  unwindPending: 'An unwind request is already waiting for an answer',
  noUnwindRequest: 'There is no unwind request to decline',
  futureDate: 'The date cannot be in the future',
  beforeSale: 'The date cannot be before the sale',
  claimClosed: 'A claim can be opened within the guarantee window after pickup or delivery',
  claimTransitOnly: 'Damage in transit can be claimed when our carrier delivered the vehicle',
  claimPending: 'A claim is already open for this sale',
  claimDisclosed: 'This was disclosed in the condition report and cannot be claimed',
  claimDetails: 'For body damage choose the panel and the kind of damage; for a warning light enter the code',
  claimUnknown: 'There is no open claim with this id',
  claimVideoUnknown: 'Upload the claim video first',
  claimPhotoUnknown: 'Upload the claim photos first (a photo can belong to one claim only)',
  adjustmentAmount: 'Enter the price adjustment',
  adjustmentTooLarge: 'The adjustment cannot be more than the price',
  refundTooLarge: 'This refund is more than what is owed to the dealer',
  noRefundOwed: 'Nothing is owed to the dealer',
  paidFlagFollowsLedger:
    'The paid flag follows the ledger: record a refund to reopen a balance, or correct the payments',
} as const;

/** The refusal of a release (gate pass, pickup, delivery) while money is owed: says how much. */
export const releaseRefusedText = (owed: string) =>
  `The vehicle cannot be released while ${owed} is owed; record the payment or lender approval first`;

/** The refusal of "Mark paid" without the payment's details. */
export const recordBalanceText = (owed: string) =>
  `Record the remaining balance of ${owed} with its method and reference to mark this sale paid`;
