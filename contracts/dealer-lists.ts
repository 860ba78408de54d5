/**
 * The dealer dashboard's own lists paged by the server (issue #47, docs/features/dealer-dashboard.md):
 * Purchases (and Deliveries, Documents: the same sales seen from another side), My Offers,
 * Reconditioning, buy orders, saved searches and the watchlist. The
 * dealer is the session's, never a parameter; `id` reads the one item a link names (`#offer-45`),
 * which may be on another page.
 */
import { buyOrderSchema, savedSearchSchema } from './buy-orders';
import { dealerTransactionSchema } from './buying';
import { keysOf } from './keys';
import { offersPageSchema, offersQuerySchema } from './offer-list';
import { pageQuerySchema, pageSchema } from './paging';
import { TRANSACTION_SORTS } from './transactions';
import { watchlistEntrySchema } from './watchlist';
import { dealerWorkOrderSchema } from './work-orders';
import { z } from './zod';

const itemId = z.coerce.number().int().positive().optional();

/** GET /api/dealer/offers/page: the admin's Offers list's choices, the dealer being the session's. */
export const dealerOffersQuerySchema = offersQuerySchema.omit({ dealerId: true }).extend({ id: itemId });
export type DealerOffersQuery = z.input<typeof dealerOffersQuerySchema>;
export const dealerOffersPageSchema = offersPageSchema;

/**
 * GET /api/dealer/transactions/page: the dealership's sales, newest first by default (the orders of
 * the admin's Transactions list); `live=true` keeps the sales not cancelled (Deliveries).
 */
export const dealerSalesQuerySchema = pageQuerySchema.extend({
  sort: z.enum(keysOf(TRANSACTION_SORTS)).default('newest'),
  live: z.enum(['true']).optional(),
  id: itemId,
});
export type DealerSalesQuery = z.input<typeof dealerSalesQuerySchema>;
export const dealerSalesPageSchema = pageSchema(dealerTransactionSchema);
export type DealerSalesPage = z.infer<typeof dealerSalesPageSchema>;

/**
 * A short list of the dashboard paged by the server in its one order (the order its whole list had):
 * the page, or the one item a link names (`id`: `#work-order-7`, `#buy-order-3`, `#saved-search-4`).
 */
export const dealerListQuerySchema = pageQuerySchema.extend({ id: itemId });
export type DealerListQuery = z.input<typeof dealerListQuerySchema>;

/** GET /api/dealer/work-orders/page: the dealership's work orders, the earliest promise first. */
export const dealerWorkOrdersPageSchema = pageSchema(dealerWorkOrderSchema);
export type DealerWorkOrdersPage = z.infer<typeof dealerWorkOrdersPageSchema>;
/** GET /api/dealer/buy-orders/page: the dealership's buy orders, newest first, with their matches. */
export const dealerBuyOrdersPageSchema = pageSchema(buyOrderSchema);
export type DealerBuyOrdersPage = z.infer<typeof dealerBuyOrdersPageSchema>;
/** GET /api/dealer/saved-searches/page: the person's saved searches, newest first. */
export const dealerSavedSearchesPageSchema = pageSchema(savedSearchSchema);
export type DealerSavedSearchesPage = z.infer<typeof dealerSavedSearchesPageSchema>;
/**
 * GET /api/dealer/watchlist/page: the person's watchlist, the most recently marked first; `id` is a
 * car's id (an entry is one car of one person's): the vehicle page's Favorite and Watch read it.
 */
export const dealerWatchlistPageSchema = pageSchema(watchlistEntrySchema);
export type DealerWatchlistPage = z.infer<typeof dealerWatchlistPageSchema>;
