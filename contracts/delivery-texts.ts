/**
 * Certified delivery and floor plan texts (DESIGN.md §15), without zod: the buying dialogs and the
 * dashboard import them.
 */
export const TRANSPORT_STATUSES = {
  awaiting_release: 'Waiting for payment or lender approval',
  unassigned: 'Looking for a carrier',
  assigned: 'Carrier assigned',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
} as const;
export type TransportStatus = keyof typeof TRANSPORT_STATUSES;
export const TRANSPORT_STATUS_KEYS = Object.keys(TRANSPORT_STATUSES) as [
  TransportStatus,
  ...TransportStatus[],
];

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

export const FLOOR_PLAN_LENDERS = {
  nextgear: 'NextGear Capital',
  afc: 'AFC (Automotive Finance Corporation)',
  westlake: 'Westlake Flooring Services',
  kinetic: 'Kinetic Advantage',
} as const;
export type FloorPlanLender = keyof typeof FLOOR_PLAN_LENDERS;
export const FLOOR_PLAN_LENDER_KEYS = Object.keys(FLOOR_PLAN_LENDERS) as [
  FloorPlanLender,
  ...FloorPlanLender[],
];

export const FLOOR_PLAN_STATUSES = {
  requested: 'Waiting for the lender',
  approved: 'Approved by the lender',
  declined: 'Declined by the lender',
  funded: 'Funded',
} as const;
export type FloorPlanStatus = keyof typeof FLOOR_PLAN_STATUSES;
export const FLOOR_PLAN_STATUS_KEYS = Object.keys(FLOOR_PLAN_STATUSES) as [
  FloorPlanStatus,
  ...FloorPlanStatus[],
];

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
  bolPhotoUnknown: 'Upload the bill of lading photos first (a photo can belong to one document only)',
  webhookSignature: 'Bad or missing signature',
  webhookUnknownOrder: 'Unknown order',
  webhookBody: 'The event is not one we understand',
} as const;

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
  `${FLOOR_PLAN_LENDERS[lender]} ••••${last4}`;
