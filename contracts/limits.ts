/** Business constants of docs/product.md §9, shared by the web app and the server. */
export const BUY_CODE_LENGTH = 4;
export const VIN_LENGTH = 17;
export const PHONE_MIN_LENGTH = 10;
export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;
export const MAX_VIDEOS_PER_VEHICLE = 1;
export const VIDEO_MIME_TYPES = [
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/x-m4v',
  'video/3gpp',
  'video/3gpp2',
] as const;
export const MAX_BILL_OF_SALE_BYTES = 20 * 1024 * 1024;
export const BILL_OF_SALE_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg'] as const;
/** numeric(10,2): the largest amount a transaction or an offer can hold. */
export const MAX_AMOUNT = '99999999.99';
export const MIN_VEHICLE_YEAR = 1900;
export const maxVehicleYear = (now: Date = new Date()) => now.getFullYear() + 1;
export const DEFAULT_RECON_TEXT = 'None Found';
export const OFFER_WINDOW_HOURS = 48;

export const VEHICLE_STATUSES = ['pending', 'active', 'sold', 'removed'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];
export const OFFER_STATUSES = ['pending', 'countered', 'accepted', 'declined', 'expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** An offer still waiting for an answer (one per dealer and vehicle): pending or countered. */
export const OPEN_OFFER_STATUSES = ['pending', 'countered'] as const satisfies readonly OfferStatus[];
export const TRANSACTION_STATUSES = ['pending', 'completed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const AUCTION_CERTIFIED = 'Auction Certified';
