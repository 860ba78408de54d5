import {
  TRANSPORT_STATUSES,
  type TransportBoardPage,
  type TransportSort,
  type TransportStatus,
  type TransportView,
  type transportBoardQuerySchema,
} from '@contracts/delivery';
import { and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { dealers, transactions, transportOrders, vehicles } from '../../db/schema';
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
import { readTransportRows } from './transport-board';

/**
 * The admin's transport board paged by the server (issue #47, docs/features/admin-lists.md). A row's
 * status is the fold's (`readTransportRows`); the order row's `status` is written in the same DB
 * transaction as each transport step, the dealer's confirmation and a cancellation, so a view by
 * status narrows on it in SQL and the fold confirms each row, a batch at a time (`keptPage`), as the
 * work orders do for overdue. "Pickup late" is the fold's alone: SQL narrows to the orders not yet
 * picked up whose pickup day (`pickup_by`, rewritten with the windows at the release) has passed.
 */
export type TransportBoardQuery = z.infer<typeof transportBoardQuerySchema>;

const ORDERS: Record<TransportSort, KeysetOrder> = {
  // The last day of the pickup window, as YYYY-MM-DD text (its text order is its day order).
  pickup: {
    name: 'pickup',
    key: transportOrders.pickupBy,
    kind: 'text',
    id: transportOrders.id,
    direction: 'asc',
  },
  newest: {
    name: 'newest',
    key: transportOrders.createdAt,
    kind: 'timestamp',
    id: transportOrders.id,
    direction: 'desc',
  },
  oldest: {
    name: 'oldest',
    key: transportOrders.createdAt,
    kind: 'timestamp',
    id: transportOrders.id,
    direction: 'asc',
  },
};

const FINISHED: TransportStatus[] = ['delivered', 'cancelled'];
/** The statuses a pickup can be late in (as the fold's `pickupLate`): the carrier has not the car yet. */
const BEFORE_PICKUP: TransportStatus[] = ['awaiting_release', 'unassigned', 'assigned'];

/**
 * Not picked up and past its pickup day in the sale's time zone, as SQL: the necessary condition of
 * the fold's `pickupLate`, which confirms each row it lets through.
 */
export const pickupPassed = and(
  inArray(transportOrders.status, BEFORE_PICKUP),
  sql`${transportOrders.pickupBy}::date < (now() at time zone (${transactions.terms} ->> 'timeZone'))::date`,
)!;

/** Each view as SQL over the order row (`narrow`) and as the fold reads the row (`keeps`). */
const VIEWS: Record<
  Exclude<TransportView, 'all'>,
  { narrow: SQL; keeps: (row: { status: TransportStatus; pickupLate: boolean }) => boolean }
> = {
  open: { narrow: notInArray(transportOrders.status, FINISHED), keeps: (r) => !FINISHED.includes(r.status) },
  late: { narrow: pickupPassed, keeps: (r) => r.pickupLate },
  ...(Object.fromEntries(
    TRANSPORT_STATUSES.map((status) => [
      status,
      {
        narrow: eq(transportOrders.status, status),
        keeps: (r: { status: TransportStatus }) => r.status === status,
      },
    ]),
  ) as Record<TransportStatus, { narrow: SQL; keeps: (row: { status: TransportStatus }) => boolean }>),
};

/** Dealer and search as SQL over orders joined with their sale, car and dealership. */
function choicesWhere({ dealerId, q }: Pick<TransportBoardQuery, 'dealerId' | 'q'>): SQL | undefined {
  return and(
    dealerId ? eq(transactions.dealerId, dealerId) : undefined,
    vinDealerOrNumber(q, [transportOrders.id, transportOrders.transactionId, transactions.vehicleId]),
  );
}

const readRows = (db: Executor) => (part: KeysetRead) => readTransportRows(db, part);

/** How many orders under `where` are late for pickup: the fold over the rows its SQL form lets through. */
const lateCount = (db: Executor, where: SQL | undefined) =>
  keptCount(ORDERS.pickup, and(where, pickupPassed), readRows(db), (r) => r.view.pickupLate);

/**
 * How many orders each status holds under dealer and search (one grouped aggregate on the order
 * row's status), the open ones and all of them (its sums), and how many are late for pickup.
 */
export async function transportCounts(db: Executor, where?: SQL): Promise<TransportBoardPage['counts']> {
  const rows = await db
    .select({ status: transportOrders.status, count: countAll })
    .from(transportOrders)
    .innerJoin(transactions, eq(transactions.id, transportOrders.transactionId))
    .innerJoin(vehicles, eq(vehicles.id, transactions.vehicleId))
    .innerJoin(dealers, eq(dealers.id, transactions.dealerId))
    .where(where)
    .groupBy(transportOrders.status);
  const byStatus = countsByStatus(TRANSPORT_STATUSES, rows);
  const all = rows.reduce((sum, r) => sum + r.count, 0);
  return {
    ...byStatus,
    open: all - byStatus.delivered - byStatus.cancelled,
    late: await lateCount(db, where),
    all,
  };
}

/** One page of the transport board with its counts (GET /api/transport-orders). */
export async function transportBoardPage(
  db: Executor,
  query: TransportBoardQuery,
): Promise<TransportBoardPage> {
  const order = ORDERS[query.sort];
  // A bad cursor is refused before anything is read.
  const page = keysetPage(order, query);
  const choices = choicesWhere(query);
  const counts = await transportCounts(db, choices);
  // The view's count is the page's total: the same choices.
  const total = counts[query.status];
  if (query.status === 'all') {
    const { items, nextCursor } = await page.read(choices, readRows(db));
    return { items: items.map((r) => r.view), nextCursor, total, counts };
  }
  const view = VIEWS[query.status];
  const { items, nextCursor } = await keptPage(order, query, and(choices, view.narrow), readRows(db), (r) =>
    view.keeps(r.view),
  );
  return { items: items.map((r) => r.view), nextCursor, total, counts };
}
