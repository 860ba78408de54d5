import { photoSchema } from './condition-report';
import { MAX_ID } from './decimal-id';
import { MAX_WATCHLIST_MERGE, WATCHLIST_STATUSES, WATCHLIST_TEXT } from './watchlist-texts';
import { z } from './zod';

/**
 * The watchlist (docs/design.md §13, issue #30): a signed-in dealer's Favorite and Watch marks, kept per
 * person (or per dealership without a team). Anonymous visitors keep theirs in the browser.
 */
export {
  MAX_WATCHLIST_ENTRIES,
  MAX_WATCHLIST_MERGE,
  WATCHLIST_STATUS_LABELS,
  WATCHLIST_STATUSES,
  WATCHLIST_TEXT,
  type WatchlistStatus,
} from './watchlist-texts';

/** One car on the person's watchlist, as the dashboard lists it. */
export const watchlistEntrySchema = z.object({
  vehicleId: z.number().int(),
  /** "2019 Toyota RAV4": the title the messages use. */
  title: z.string(),
  favorite: z.boolean(),
  watching: z.boolean(),
  price: z.string().nullable(),
  mileage: z.number().int().nullable(),
  /** The cover photo, when the car has one. */
  photo: photoSchema.nullable(),
  status: z.enum(WATCHLIST_STATUSES),
  createdAt: z.string(),
});
export type WatchlistEntry = z.infer<typeof watchlistEntrySchema>;

/** PUT /api/dealer/watchlist/:id: either flag, or both; both false takes the car off. */
export const updateWatchlistBodySchema = z
  .object({
    favorite: z.boolean({ error: WATCHLIST_TEXT.favoriteBoolean }).optional(),
    watching: z.boolean({ error: WATCHLIST_TEXT.watchingBoolean }).optional(),
  })
  .refine((body) => body.favorite !== undefined || body.watching !== undefined, {
    message: WATCHLIST_TEXT.flagsRequired,
  });
export type UpdateWatchlistBody = z.infer<typeof updateWatchlistBodySchema>;

/** A car's flags after a change (both false: it is off the watchlist). */
export const watchlistFlagsSchema = z.object({
  vehicleId: z.number().int(),
  favorite: z.boolean(),
  watching: z.boolean(),
});
export type WatchlistFlags = z.infer<typeof watchlistFlagsSchema>;

const mergeIdsSchema = z
  .array(
    z
      .number({ error: WATCHLIST_TEXT.mergeIds })
      .int(WATCHLIST_TEXT.mergeIds)
      .min(1, WATCHLIST_TEXT.mergeIds)
      .max(MAX_ID, WATCHLIST_TEXT.mergeIds),
    { error: WATCHLIST_TEXT.mergeIds },
  )
  .max(MAX_WATCHLIST_MERGE, WATCHLIST_TEXT.mergeTooMany)
  .default([]);

/** POST /api/dealer/watchlist/merge: the browser's lists, added to the person's on sign-in. */
export const mergeWatchlistBodySchema = z.object({ favorites: mergeIdsSchema, watching: mergeIdsSchema });
export type MergeWatchlistBody = z.input<typeof mergeWatchlistBodySchema>;
