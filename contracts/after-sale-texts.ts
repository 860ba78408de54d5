import { CLAIM_CASE_STAGES } from './claim-case-texts';
import { keysOf } from './keys';

/**
 * After the sale (contracts/after-sale.ts, docs/design.md §8): the labels of payment, title, pickup
 * and claims, the sale's stages and its messages, apart from the schemas so that the views that
 * show a sale (the admin's list of sales, the dealer's purchases) load no validation library.
 */

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
