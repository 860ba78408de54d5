/*
 * The watchlist's texts and limits, apart from its schemas (contracts/watchlist.ts) so that the
 * vehicle page's Favorite and Watch buttons load no validation library.
 */

/** Ids one merge of the browser's lists may send, per list (a browser keeps what it was given). */
export const MAX_WATCHLIST_MERGE = 200;
/** Cars a person may keep on the watchlist (favorites and watched together). */
export const MAX_WATCHLIST_ENTRIES = 500;

/** Where a car on the watchlist stands now. */
export const WATCHLIST_STATUSES = ['available', 'sold', 'removed', 'unavailable'] as const;
export type WatchlistStatus = (typeof WATCHLIST_STATUSES)[number];

export const WATCHLIST_STATUS_LABELS: Record<WatchlistStatus, string> = {
  available: 'Available',
  sold: 'Sold',
  removed: 'Removed',
  unavailable: 'Not listed now',
};

export const WATCHLIST_TEXT = {
  sectionTitle: 'Watchlist',
  intro:
    'Cars you marked Favorite or Watch. We e-mail you when a car you watch drops in price, an offer on it expires, or it sells.',
  empty: 'No cars on your watchlist yet. Open a car and choose Favorite or Watch.',
  /** The two marks' buttons, on the vehicle page and the dashboard alike. */
  favorite: 'Favorite',
  watch: 'Watch',
  vehicleNotFound: 'Vehicle not found',
  notPublished: 'This car is not for sale now: it can be taken off your watchlist, not added to it.',
  tooMany: `You can keep at most ${MAX_WATCHLIST_ENTRIES} cars on your watchlist. Remove one first.`,
  flagsRequired: 'Send favorite or watching (true or false)',
  favoriteBoolean: 'favorite must be true or false',
  watchingBoolean: 'watching must be true or false',
  mergeIds: 'Vehicle ids must be whole numbers from 1 to 2147483647',
  mergeTooMany: `At most ${MAX_WATCHLIST_MERGE} vehicles in each list`,
  saveFailed: 'Could not update your watchlist',
  added: 'Added to your watchlist',
  removed: 'Removed from your watchlist',
} as const;
