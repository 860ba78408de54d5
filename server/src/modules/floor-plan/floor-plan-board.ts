import {
  FLOOR_PLAN_STATUSES,
  type FloorPlanBoardPage,
  type floorPlanBoardQuerySchema,
} from '@contracts/delivery';
import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { dealers, floorPlanRequests, transactions, vehicles } from '../../db/schema';
import { countAll, countsByStatus, type KeysetOrder, keysetPage } from '../../lib/keyset-page';
import { vinDealerOrNumber } from '../../lib/list-search';
import { readFloorPlanRows } from './floor-plan-requests';

/**
 * The admin's floor-plan board paged by the server (issue #47, docs/features/admin-lists.md): a
 * request's status is its row's (the lender's answer writes it), so status, dealer and search are
 * SQL; the reference and reason come from the sale's state for the page's rows only.
 */
export type FloorPlanBoardQuery = z.infer<typeof floorPlanBoardQuerySchema>;

const ORDERS: Record<FloorPlanBoardQuery['sort'], KeysetOrder> = {
  oldest: {
    name: 'oldest',
    key: floorPlanRequests.createdAt,
    kind: 'timestamp',
    id: floorPlanRequests.id,
    direction: 'asc',
  },
  newest: {
    name: 'newest',
    key: floorPlanRequests.createdAt,
    kind: 'timestamp',
    id: floorPlanRequests.id,
    direction: 'desc',
  },
};

/** How many requests each status holds under dealer and search: one grouped aggregate. */
export async function floorPlanCounts(db: Executor, where?: SQL): Promise<FloorPlanBoardPage['counts']> {
  const rows = await db
    .select({ status: floorPlanRequests.status, count: countAll })
    .from(floorPlanRequests)
    .innerJoin(transactions, eq(transactions.id, floorPlanRequests.transactionId))
    .innerJoin(vehicles, eq(vehicles.id, transactions.vehicleId))
    .innerJoin(dealers, eq(dealers.id, transactions.dealerId))
    .where(where)
    .groupBy(floorPlanRequests.status);
  const byStatus = countsByStatus(FLOOR_PLAN_STATUSES, rows);
  return { ...byStatus, all: rows.reduce((sum, r) => sum + r.count, 0) };
}

/** One page of the floor-plan board with its counts (GET /api/floor-plan-requests). */
export async function floorPlanBoardPage(
  db: Executor,
  query: FloorPlanBoardQuery,
): Promise<FloorPlanBoardPage> {
  // A bad cursor is refused before anything is read.
  const page = keysetPage(ORDERS[query.sort], query);
  const choices = and(
    query.dealerId ? eq(transactions.dealerId, query.dealerId) : undefined,
    vinDealerOrNumber(query.q, [
      floorPlanRequests.id,
      floorPlanRequests.transactionId,
      transactions.vehicleId,
    ]),
  );
  const counts = await floorPlanCounts(db, choices);
  const where = and(choices, query.status === 'all' ? undefined : eq(floorPlanRequests.status, query.status));
  const { items, nextCursor } = await page.read(where, (part) => readFloorPlanRows(db, part));
  // The status's count is the page's total: the same aggregate, the same choices.
  return { items: items.map((r) => r.view), nextCursor, total: counts[query.status], counts };
}
