/** The admin's Offers list paged by the server (issue #47, docs/features/admin-lists.md). */
import { offerViewSchema } from './buying';
import { keysOf } from './keys';
import { dayOf, pageQuerySchema, pageSchema } from './paging';
import { OFFER_STATUSES, type OfferStatus } from './statuses';
import { z } from './zod';

/** The Offers list's orders: by when the offer was made, or the amount offered, highest first. */
export const OFFER_SORTS = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  amount: 'Amount, highest first',
} as const;
export type OfferSort = keyof typeof OFFER_SORTS;

/** Offers answered for good: accepted, declined or expired (the panel's "Completed Offers"). */
export const COMPLETED_OFFER_STATUSES = [
  'accepted',
  'declined',
  'expired',
] as const satisfies readonly OfferStatus[];
/** `status`: one status, or `completed` for the three above. */
export const OFFER_LIST_STATUSES = [...OFFER_STATUSES, 'completed'] as const;
export type OfferListStatus = (typeof OFFER_LIST_STATUSES)[number];

/**
 * GET /api/offers: a page of offers (contracts/paging.ts), filtered and sorted by the server. `q`
 * matches part of a VIN, part of a dealer's name, or an offer or vehicle number; `from`/`to` are the
 * days the offers were made (UTC, both included).
 */
export const offersQuerySchema = pageQuerySchema.extend({
  sort: z.enum(keysOf(OFFER_SORTS)).default('newest'),
  status: z.enum(OFFER_LIST_STATUSES).optional(),
  dealerId: z.coerce.number().int().positive().optional(),
  from: dayOf('first').optional(),
  to: dayOf('last').optional(),
  q: z.string().trim().max(100, 'Search with at most 100 characters').optional(),
});
export type OffersQuery = z.input<typeof offersQuerySchema>;

/** A page of offers, with how many offers each status holds under the other choices (one aggregate). */
export const offersPageSchema = pageSchema(offerViewSchema).extend({
  counts: z.object(
    Object.fromEntries(OFFER_STATUSES.map((s) => [s, z.number().int()])) as Record<OfferStatus, z.ZodNumber>,
  ),
});
export type OffersPage = z.infer<typeof offersPageSchema>;
