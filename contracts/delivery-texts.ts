import { formatDay } from './dates';
import { formatMi } from './mileage-format';
/**
 * Certified delivery and floor plan texts (docs/design.md §15), without zod: the buying dialogs and the
 * dashboard import them.
 */
/**
 * Where a sold car is (issue #44, docs/decisions/0035-one-delivery-state.md): one state folded from
 * the sale's timeline (carrier events, the admin's moves, the dealer's confirmation) that the sale's
 * header, its delivery box, the admin's boards and the messages all read. A transport's statuses are
 * these words too; a car waiting for release says why in the sale's hold (HOLD_REASON_LABELS).
 */
export const DELIVERY_STATUSES = [
  'awaiting_release',
  'released',
  'ready_for_pickup',
  'unassigned',
  'assigned',
  'picked_up',
  'in_transit',
  'delivered',
  'cancelled',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  awaiting_release: 'Waiting for release',
  /** Free to leave, no transport ordered and no pickup arranged yet. */
  released: 'Released',
  ready_for_pickup: 'Ready for pickup',
  unassigned: 'Looking for a carrier',
  assigned: 'Carrier assigned',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * A transport's own statuses, in the same words as the sale's delivery state: all of them but the
 * two a sale is in before any transport is ordered (released, ready for pickup), in the same order.
 */
export const TRANSPORT_STATUSES = [
  'awaiting_release',
  'unassigned',
  'assigned',
  'picked_up',
  'in_transit',
  'delivered',
  'cancelled',
] as const satisfies readonly DeliveryStatus[];
export type TransportStatus = (typeof TRANSPORT_STATUSES)[number];
/** The transport board's views: the open orders, the late pickups, one status, or every order. */
export const TRANSPORT_VIEWS = ['open', 'late', ...TRANSPORT_STATUSES, 'all'] as const;
export type TransportView = (typeof TRANSPORT_VIEWS)[number];
/** The sale's delivery words, read for a transport's status (a transport's statuses are a subset). */
export const TRANSPORT_STATUS_LABELS: Readonly<Record<TransportStatus, string>> = DELIVERY_STATUS_LABELS;
/** Who arranges a transport: the carrier's system, or our team by hand when it is down. */
export const TRANSPORT_ARRANGERS = ['carrier', 'team'] as const;
export type TransportArranger = (typeof TRANSPORT_ARRANGERS)[number];

/**
 * What holds a sale's car back, one reason derived with the delivery state and shown in the same
 * words to the dealer and the admin: money owed, the reconditioning, the transport (on its way, or
 * a delivery confirmation held for the admin), the title (once the car is with the dealer), or none.
 */
export const HOLD_REASONS = ['money', 'reconditioning', 'transport', 'title', 'none'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];
export const HOLD_REASON_LABELS: Record<HoldReason, string> = {
  money: 'Money owed',
  reconditioning: 'Reconditioning',
  transport: 'Transport',
  title: 'Title',
  none: 'Nothing',
};

/** The order a transport moves through; a report of an earlier status never moves it back. */
export const TRANSPORT_STATUS_RANK: Record<TransportStatus, number> = {
  awaiting_release: 0,
  unassigned: 1,
  assigned: 2,
  picked_up: 3,
  in_transit: 4,
  delivered: 5,
  cancelled: 6,
};

export const FLOOR_PLAN_LENDERS = ['nextgear', 'afc', 'westlake', 'kinetic'] as const;
export type FloorPlanLender = (typeof FLOOR_PLAN_LENDERS)[number];
export const FLOOR_PLAN_LENDER_LABELS: Record<FloorPlanLender, string> = {
  nextgear: 'NextGear Capital',
  afc: 'AFC (Automotive Finance Corporation)',
  westlake: 'Westlake Flooring Services',
  kinetic: 'Kinetic Advantage',
};

export const FLOOR_PLAN_STATUSES = ['requested', 'approved', 'declined', 'funded'] as const;
export type FloorPlanStatus = (typeof FLOOR_PLAN_STATUSES)[number];
export const FLOOR_PLAN_STATUS_LABELS: Record<FloorPlanStatus, string> = {
  requested: 'Waiting for the lender',
  approved: 'Approved by the lender',
  declined: 'Declined by the lender',
  funded: 'Funded',
};
/** A sale's floor-plan request that still stands (one per sale): all but a declined one. */
export const LIVE_FLOOR_PLAN_STATUSES = [
  'requested',
  'approved',
  'funded',
] as const satisfies readonly FloorPlanStatus[];
/** Who arranges a floor-plan request: the lender's system, or our team by hand when it is down. */
export const FLOOR_PLAN_ARRANGERS = ['lender', 'team'] as const;
export type FloorPlanArranger = (typeof FLOOR_PLAN_ARRANGERS)[number];

/** The systems the delivery integrations talk to: their webhooks in, and the outbox to them. */
export const INTEGRATION_SYSTEMS = ['carrier', 'lender'] as const;
export type IntegrationSystem = (typeof INTEGRATION_SYSTEMS)[number];
/** An integration outbox row's state (like a notification's, without `suppressed`). */
export const INTEGRATION_OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'dead'] as const;
export type IntegrationOutboxStatus = (typeof INTEGRATION_OUTBOX_STATUSES)[number];

export const DELIVERY_TEXT = {
  transport: 'Certified delivery',
  transportHint: 'Door to door by a vetted carrier; the price is added to the sale.',
  arrangedByTeam: 'Arranged by our team',
  zipRequired: 'Enter a 5-digit ZIP code',
  zipUnknown: (zip: string) => `We don't know the ZIP code ${zip}`,
  zipNotContiguous: 'Transport is quoted within the 48 contiguous states',
  sameZip: 'The car is already at that ZIP code: pick it up with a gate pass instead',
  vehicleNotForSale: 'This vehicle is no longer for sale',
  saleNotFound: 'Transaction not found',
  saleCancelled: 'This sale was cancelled',
  alreadyOrdered: 'Transport is already ordered for this sale',
  alreadyHandedOver: 'The vehicle was already picked up or delivered',
  addressRequired: 'Enter the delivery address (street, city)',
  enclosed: 'Enclosed trailer',
  ordered: 'Transport ordered',
  notOrdered: 'No transport ordered for this sale',
  orderNotFound: 'Transport order not found',
  notCancellable: 'Transport can be cancelled until the carrier picks the vehicle up',
  statusBackwards: (from: string, to: string) => `A transport that is "${from}" cannot go back to "${to}"`,
  manualOnly: 'This transport is handled by the carrier: its status comes from the carrier',
  releaseFirst: 'The transport starts once the vehicle may be released (payment or lender approval)',
  odometerRequired: 'Enter the odometer reading at arrival',
  odometerRange: 'Enter the odometer in whole miles, 0 to 999,999',
  deliveryConfirmed: 'Delivery confirmed',
  alreadyConfirmed: 'The delivery was already confirmed',
  notArrived: 'Confirm the delivery once the carrier has picked the vehicle up',
  /** The dealer's confirmation, when the arrival odometer disagrees with the bill of sale. */
  confirmationHeld:
    'Delivery confirmation received: the odometer differs from the bill of sale, so an admin checks it first',
  noHeldConfirmation: 'There is no delivery confirmation waiting for an admin',
  confirmationAccepted: 'Delivery accepted',
  bolPhotoUnknown: 'Upload the bill of lading photos first (a photo can belong to one document only)',
  webhookSignature: 'Bad or missing signature',
  webhookUnknownOrder: 'Unknown order',
  webhookBody: 'The event is not one we understand',
  /** Why a transport was cancelled when its sale was (the timeline and the carrier read it). */
  cancelledWithSale: 'The sale was cancelled',
} as const;

/**
 * Whether a refusal is the server's one ZIP rule (a ZIP that is not a known US ZIP): the forms
 * show it on their ZIP field rather than as a general error.
 */
export const isZipUnknownRefusal = (message: string) => message.startsWith(DELIVERY_TEXT.zipUnknown(''));

const dayText = formatDay;
const milesText = formatMi;

/**
 * The words of a sale's hold (HOLD_REASON_LABELS), the same on the dealer's card, the admin's sale and
 * the Transport board. Amounts come formatted ("$1,976.45"), days as YYYY-MM-DD.
 */
export const HOLD_TEXT = {
  money: (owed: string) =>
    `${owed} owed: the car is released once it is paid or a floor-plan lender approves it`,
  /** Nothing else holds it: the release pass hands the transport to the carrier (or our team) next. */
  transportStarting: 'Released: the transport goes to the carrier next',
  transport: (status: string, detail: string | null) =>
    `Transport: ${status.toLowerCase()}${detail ? `, ${detail}` : ''}`,
  pickupBy: (day: string) => `pickup by ${dayText(day)}`,
  arrivingBy: (day: string) => `arriving by ${dayText(day)}`,
  titleDue: (day: string) => `Waiting for the title, due ${dayText(day)}`,
  titleLate: (day: string) => `Title late: it was due ${dayText(day)}`,
} as const;

/**
 * The note of a delivery confirmation held for the admin: the arrival odometer against the bill of
 * sale's and the tolerance (DELIVERY_ODOMETER_TOLERANCE_MILES).
 */
export const odometerHeldText = (arrival: number, billOfSale: number, tolerance: number) =>
  `Held for an admin: the odometer at arrival (${milesText(arrival)}) is ${milesText(Math.abs(arrival - billOfSale))} ${arrival > billOfSale ? 'above' : 'below'} the bill of sale (${milesText(billOfSale)}), more than the ${milesText(tolerance)} allowed`;

/** The gate pass of a car that may not leave any more (a later charge left money owed). */
export const gatePassWithdrawnText = (owed: string) =>
  `Gate pass withdrawn: ${owed} is owed after a later charge. It is issued again once that is paid.`;

export const FLOOR_PLAN_TEXT = {
  title: 'Floor plan lines',
  payWith: 'Pay with',
  payCash: 'ACH, check or wire',
  lenderRequired: 'Choose the lender',
  accountNumber: 'Enter the account number (4 to 30 letters, digits or dashes)',
  lineAdded: 'Floor plan line added',
  lineRemoved: 'Floor plan line removed',
  lineNotFound: 'Floor plan line not found',
  lineDuplicate: 'This line is already recorded',
  ownersOnly: 'Only an owner of the dealership can change its floor plan lines',
  alreadyRequested: 'A floor plan request for this sale is already waiting or approved',
  requestNotFound: 'Floor plan request not found',
  alreadyDecided: (status: string) => `This request was already ${status.toLowerCase()}`,
  notApproved: 'Only an approved request can be funded',
  nothingOwed: 'Nothing is owed on this sale',
  approvalTooSmall: (owed: string) =>
    `The lender approved less than what is owed (${owed}); pay the rest first`,
  requested: 'Floor plan request sent to the lender',
} as const;

/** "NextGear Capital ••••4821". */
export const lineLabel = (lender: FloorPlanLender, last4: string) =>
  `${FLOOR_PLAN_LENDER_LABELS[lender]} ••••${last4}`;
