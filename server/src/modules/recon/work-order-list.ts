import { WORK_ORDER_STATUSES } from '@contracts/work-order-texts';
import type {
  adminWorkOrdersQuerySchema,
  WorkOrderSort,
  WorkOrderState,
  WorkOrdersPage,
} from '@contracts/work-orders';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { dealers, transactions, vehicles, workOrders } from '../../db/schema';
import {
  countAll,
  countsByStatus,
  type KeysetOrder,
  type KeysetRead,
  keptCount,
  keptPage,
  keysetPage,
} from '../../lib/keyset-page';
import { vinDealerOrNumber } from '../../lib/list-search';
import { pastPromise, readWorkOrderViews } from './work-order-views';

/**
 * The admin's work orders paged by the server (issue #47, docs/features/admin-lists.md): state,
 * dealer and search are SQL; "overdue" is the view's own fact (work-order-views.ts), decided for the
 * rows its SQL form lets through, a batch at a time, as the Transactions list does for its filters.
 */
export type AdminWorkOrdersQuery = z.infer<typeof adminWorkOrdersQuerySchema>;

/** The work order lists' orders (the admin's; a dealer's Reconditioning reads `due`). */
export const WORK_ORDER_ORDERS: Record<WorkOrderSort, KeysetOrder> = {
  // The promised day as a day number (a date is no kind of key): earliest first.
  due: {
    name: 'due',
    key: sql`(${workOrders.promisedOn} - date '2000-01-01')`,
    kind: 'integer',
    id: workOrders.id,
    direction: 'asc',
  },
  newest: {
    name: 'newest',
    key: workOrders.createdAt,
    kind: 'timestamp',
    id: workOrders.id,
    direction: 'desc',
  },
  oldest: {
    name: 'oldest',
    key: workOrders.createdAt,
    kind: 'timestamp',
    id: workOrders.id,
    direction: 'asc',
  },
};

const stateWhere = (state: WorkOrderState) =>
  state === 'all' ? ne(workOrders.status, 'cancelled') : eq(workOrders.status, state);

/** Dealer and search as SQL over work orders joined with their sale, car and dealership. */
function choicesWhere({ dealerId, q }: Pick<AdminWorkOrdersQuery, 'dealerId' | 'q'>): SQL | undefined {
  return and(
    dealerId ? eq(workOrders.dealerId, dealerId) : undefined,
    vinDealerOrNumber(q, [workOrders.id, workOrders.transactionId, workOrders.vehicleId]),
  );
}

export const readViews = (db: Executor) => (part: KeysetRead) => readWorkOrderViews(db, part);

/** How many work orders under `where` are overdue: the view's fact over the rows its SQL form lets through. */
const overdueCount = (db: Executor, where: SQL | undefined) =>
  keptCount(WORK_ORDER_ORDERS.due, and(where, pastPromise), readViews(db), (r) => r.view.overdue);

/**
 * How many work orders each state holds under dealer and search (one grouped aggregate), and how
 * many are overdue (the view's fact over the rows its SQL form lets through).
 */
export async function workOrderCounts(db: Executor, where?: SQL): Promise<WorkOrdersPage['counts']> {
  const byStatus = await db
    .select({ status: workOrders.status, count: countAll })
    .from(workOrders)
    .innerJoin(transactions, eq(transactions.id, workOrders.transactionId))
    .innerJoin(vehicles, eq(vehicles.id, workOrders.vehicleId))
    .innerJoin(dealers, eq(dealers.id, workOrders.dealerId))
    .where(where)
    .groupBy(workOrders.status);
  return {
    ...countsByStatus(WORK_ORDER_STATUSES, byStatus),
    // "All" is every work order still in play: a cancelled one is counted only under its own state.
    all: byStatus.reduce((sum, r) => (r.status === 'cancelled' ? sum : sum + r.count), 0),
    overdue: await overdueCount(db, where),
  };
}

/** One page of the admin's work orders, its total and the counts (GET /api/admin/work-orders). */
export async function workOrdersPage(db: Executor, query: AdminWorkOrdersQuery): Promise<WorkOrdersPage> {
  const order = WORK_ORDER_ORDERS[query.sort];
  // A bad cursor is refused before anything is read.
  const page = keysetPage(order, query);
  const choices = choicesWhere(query);
  const counts = await workOrderCounts(db, choices);
  const where = and(choices, stateWhere(query.state));
  if (query.overdue) {
    const { items, nextCursor } = await keptPage(
      order,
      query,
      and(where, pastPromise),
      readViews(db),
      (r) => r.view.overdue,
    );
    const total = query.state === 'all' ? counts.overdue : await overdueCount(db, where);
    return { items: items.map((r) => r.view), nextCursor, total, counts };
  }
  const { items, nextCursor } = await page.read(where, readViews(db));
  // The state's count is the page's total: the same aggregate, the same choices.
  return { items: items.map((r) => r.view), nextCursor, total: counts[query.state], counts };
}
