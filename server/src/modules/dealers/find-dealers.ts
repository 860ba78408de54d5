import type { DealerSort, DealersPage, dealersQuerySchema } from '@contracts/dealers';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { dealers } from '../../db/schema';
import { type KeysetOrder, keysetPage } from '../../lib/keyset-page';
import { containsText } from '../../lib/list-choices';
import { toDealer } from './dealer-views';

/**
 * The admin's Dealers list paged by the server (issue #47, docs/features/admin-lists.md): by name
 * (case aside) or newest first, active or inactive, searched by name, e-mail, phone or ZIP; the
 * active and inactive counts under the search from one aggregate.
 */
export type DealersQuery = z.infer<typeof dealersQuerySchema>;

const ORDERS: Record<DealerSort, KeysetOrder> = {
  name: {
    name: 'name',
    key: sql`lower(${dealers.dealerName})`,
    kind: 'text',
    id: dealers.id,
    direction: 'asc',
  },
  newest: { name: 'newest', key: dealers.createdAt, kind: 'timestamp', id: dealers.id, direction: 'desc' },
};

function searchWhere({ q, id }: Pick<DealersQuery, 'q' | 'id'>): SQL | undefined {
  const search = q?.trim();
  return and(
    id ? eq(dealers.id, id) : undefined,
    search
      ? or(
          containsText(dealers.dealerName, search),
          containsText(dealers.email, search),
          containsText(dealers.phone, search),
          containsText(dealers.address, search),
          containsText(dealers.deliveryZip, search),
        )
      : undefined,
  );
}

/** One page of dealers, the total and the active/inactive counts (GET /api/dealers). */
export async function dealersPage(db: Executor, query: DealersQuery): Promise<DealersPage> {
  const page = keysetPage(ORDERS[query.sort], query);
  const where = searchWhere(query);
  const [counts = { active: 0, inactive: 0 }] = await db
    .select({
      active: sql<number>`(count(*) filter (where ${dealers.active}))::int`,
      inactive: sql<number>`(count(*) filter (where not ${dealers.active}))::int`,
    })
    .from(dealers)
    .where(where);
  const rows = await db
    .select({ dealer: dealers, cursorKey: page.cursorKey, id: dealers.id })
    .from(dealers)
    .where(and(where, query.status ? eq(dealers.active, query.status === 'active') : undefined, page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  const { items, nextCursor } = page.finish(rows);
  const total = query.status ? counts[query.status] : counts.active + counts.inactive;
  return { items: items.map((r) => toDealer(r.dealer)), nextCursor, total, counts };
}
