import {
  COMPLETED_OFFER_STATUSES,
  type OfferListStatus,
  type OfferSort,
  type OffersPage,
  type offersQuerySchema,
} from '@contracts/offer-list';
import { OFFER_STATUSES, type OfferStatus } from '@contracts/statuses';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { dealers, offers, vehicles } from '../../db/schema';
import { countAll, countsByStatus, type KeysetOrder, keysetPage } from '../../lib/keyset-page';
import { containsText, searchNumber, withinDays } from '../../lib/list-choices';
import { readOfferViews } from './find-offers';

/**
 * The admin's Offers list paged by the server (issue #47, docs/features/admin-lists.md): status,
 * dealer, the days offers were made and the search are SQL; each page's rows get their views (names,
 * activity log, package) from the one reader the offer cards use, for the page's rows only.
 */
/** `id`: the one offer a link names (the dealer's list, docs/features/dealer-dashboard.md). */
export type OffersQuery = z.infer<typeof offersQuerySchema> & { id?: number | undefined };
type ListChoices = Pick<OffersQuery, 'dealerId' | 'from' | 'to' | 'q' | 'id'>;

const byCreated = (name: string, direction: 'asc' | 'desc'): KeysetOrder => ({
  name,
  key: offers.createdAt,
  kind: 'timestamp',
  id: offers.id,
  direction,
});
const ORDERS: Record<OfferSort, KeysetOrder> = {
  newest: byCreated('newest', 'desc'),
  oldest: byCreated('oldest', 'asc'),
  amount: { name: 'amount', key: offers.amount, kind: 'numeric', id: offers.id, direction: 'desc' },
};

const statusesOf = (status: OfferListStatus): readonly OfferStatus[] =>
  status === 'completed' ? COMPLETED_OFFER_STATUSES : [status];

/** The choices other than the status, as SQL over offers joined with vehicles and dealers. */
function choicesWhere({ dealerId, from, to, q, id }: ListChoices): SQL | undefined {
  const search = q?.trim();
  const number = search ? searchNumber(search) : null;
  return and(
    dealerId ? eq(offers.dealerId, dealerId) : undefined,
    id ? eq(offers.id, id) : undefined,
    ...withinDays(offers.createdAt, from, to),
    search
      ? or(
          containsText(vehicles.vin, search),
          containsText(dealers.dealerName, search),
          number === null ? undefined : eq(offers.id, number),
          number === null ? undefined : eq(offers.vehicleId, number),
        )
      : undefined,
  );
}

/** How many offers each status holds under the other choices: one grouped aggregate. */
export async function offerStatusCounts(db: Executor, where?: SQL) {
  const rows = await db
    .select({ status: offers.status, count: countAll })
    .from(offers)
    .innerJoin(vehicles, eq(vehicles.id, offers.vehicleId))
    .innerJoin(dealers, eq(dealers.id, offers.dealerId))
    .where(where)
    .groupBy(offers.status);
  return countsByStatus(OFFER_STATUSES, rows);
}

/** One page of the Offers list, its total and each status's count (GET /api/offers). */
export async function offersPage(db: Executor, query: OffersQuery): Promise<OffersPage> {
  const order = ORDERS[query.sort];
  // A bad cursor is refused before anything is read.
  const page = keysetPage(order, query);
  const where = choicesWhere(query);
  const statuses = query.status ? statusesOf(query.status) : OFFER_STATUSES;
  const counts = await offerStatusCounts(db, where);
  const rows = await readOfferViews(
    db,
    {
      where: and(where, query.status ? inArray(offers.status, statuses) : undefined, page.where),
      orderBy: page.orderBy,
      limit: page.limit,
    },
    page.cursorKey,
  );
  const { items, nextCursor } = page.finish(rows);
  const total = statuses.reduce((sum, s) => sum + counts[s], 0);
  return { items: items.map((r) => r.view), nextCursor, total, counts };
}
