/**
 * The dealer dashboard's own lists paged by the server (issue #47, docs/features/dealer-dashboard.md):
 * Purchases (and Deliveries, Documents: the same sales seen from another side) and My Offers. The
 * dealer is the session's, never a parameter; `id` reads the one item a link names (`#offer-45`),
 * which may be on another page.
 */
import { dealerTransactionSchema } from './buying';
import { keysOf } from './keys';
import { offersPageSchema, offersQuerySchema } from './offer-list';
import { pageQuerySchema, pageSchema } from './paging';
import { TRANSACTION_SORTS } from './transactions';
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
