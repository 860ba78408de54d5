import type { UnavailableVehicle, VehicleDetail } from './vehicle';

/*
 * Display rules about vehicles with no runtime dependency (the public pages import these; the
 * zod schemas in ./vehicle stay out of their bundles).
 */

export const isUnavailable = (v: VehicleDetail): v is UnavailableVehicle => !('vin' in v);

/** Video URLs the walkthrough dialog plays (docs/product.md §2: the URL contains .mp4, .mov, .MOV or .webm). */
export const isPlayableVideoUrl = (url: string | undefined) => !!url && /\.(mp4|mov|webm)\b/i.test(url);

/** A car held for the reader's dealership's first look (docs/design.md §13): its page names the hold. */
export const firstLookUntilOf = (v: object): string | null =>
  'firstLookUntil' in v && typeof v.firstLookUntil === 'string' ? v.firstLookUntil : null;

/** The admin's queue: waiting to be completed (a car held for a first look is completed, not queued). */
export const isQueued = (v: { inQueue: boolean; firstLookUntil: string | null }) =>
  v.inQueue && v.firstLookUntil === null;

/** On the market for someone: published, or held for a first look (Manage Listings' active cars). */
export const isOnMarket = (v: { status: string; inQueue: boolean; firstLookUntil: string | null }) =>
  v.status === 'active' && (!v.inQueue || v.firstLookUntil !== null);
