/** The states a vehicle, an offer and a transaction can be in, shared by the web app and the server. */
export const VEHICLE_STATUSES = ['pending', 'active', 'sold', 'removed'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];
export const OFFER_STATUSES = ['pending', 'countered', 'accepted', 'declined', 'expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** An offer still waiting for an answer (one per dealer and vehicle): pending or countered. */
export const OPEN_OFFER_STATUSES = ['pending', 'countered'] as const satisfies readonly OfferStatus[];
export const TRANSACTION_STATUSES = ['pending', 'completed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
