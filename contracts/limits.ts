/**
 * Business constants of docs/product.md §9, shared by the web app and the server: the lengths and
 * ranges of typed fields, and how long an offer stands. Upload sizes and types are in
 * upload-limits.ts, the largest amount in money.ts, the records' statuses in statuses.ts.
 */
export const BUY_CODE_LENGTH = 4;
export const VIN_LENGTH = 17;
export const PHONE_MIN_LENGTH = 10;
export const MIN_VEHICLE_YEAR = 1900;
export const maxVehicleYear = (now: Date = new Date()) => now.getFullYear() + 1;
export const OFFER_WINDOW_HOURS = 48;
/**
 * Rows a server-paged list answers (contracts/paging.ts): here, without zod, for the pages that only
 * size their pager with it (the admin's queue shows its first screen without loading zod).
 */
export const PAGE_LIMIT = { min: 1, max: 100, default: 25 } as const;

/**
 * Two listing values that public pages read without zod (listings.ts carries it): the recon notes'
 * default and the certification label.
 */
export const DEFAULT_RECON_TEXT = 'None Found';
export const AUCTION_CERTIFIED = 'Auction Certified';
