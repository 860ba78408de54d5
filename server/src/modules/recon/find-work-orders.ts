import type { DealerWorkOrdersPage, dealerListQuerySchema } from '@contracts/dealer-lists';
import type { WorkOrderStatus } from '@contracts/work-order-texts';
import { WORK_ORDER_TEXT } from '@contracts/work-order-texts';
import type { DealerWorkOrder, WorkOrder } from '@contracts/work-orders';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { workOrders } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { countAll, keysetPage } from '../../lib/keyset-page';
import { readViews, WORK_ORDER_ORDERS } from './work-order-list';
import { findWorkOrderViews, getWorkOrderView } from './work-order-views';

/** GET /api/work-orders (staff, admins): the board, by state ('open' = to do and in progress). */
export function findWorkOrders(db: Database, status?: WorkOrderStatus | 'open') {
  if (!status) return findWorkOrderViews(db);
  return findWorkOrderViews(
    db,
    status === 'open' ? inArray(workOrders.status, ['to_do', 'in_progress']) : eq(workOrders.status, status),
  );
}

/** GET /api/work-orders/:id (staff, admins). */
export async function getWorkOrder(db: Database, id: number) {
  const view = await getWorkOrderView(db, id);
  if (!view) throw notFound(WORK_ORDER_TEXT.notFound);
  return view;
}

/**
 * A work order as the dealer reads it: the package's price and each task's status, never the shop's
 * parts and labour costs or notes (issue #43) — left out here, not only by the response schema.
 */
function toDealerWorkOrder({
  partsCost: _p,
  labourCost: _l,
  totalCost: _t,
  tasks,
  ...order
}: WorkOrder): DealerWorkOrder {
  return { ...order, tasks: tasks.map(({ partsCost: _tp, labourCost: _tl, notes: _n, ...task }) => task) };
}

/**
 * GET /api/dealer/work-orders/page (issue #47): a page of the signed-in dealership's own, the dealer
 * id from the session, the earliest promise first (the order the whole list had), or the one a link
 * names (`id`); the total is an aggregate with the same filters.
 */
export async function dealerWorkOrdersPage(
  db: Executor,
  actor: Actor,
  query: z.infer<typeof dealerListQuerySchema>,
): Promise<DealerWorkOrdersPage> {
  const order = WORK_ORDER_ORDERS.due;
  // A bad cursor is refused before anything is read.
  const page = keysetPage(order, query);
  // A car bought back from the dealership is ours again: its work order is not theirs to follow.
  const where = and(
    eq(workOrders.dealerId, actor.id!),
    isNull(workOrders.claimId),
    query.id ? eq(workOrders.id, query.id) : undefined,
  );
  const [counted] = await db.select({ total: countAll }).from(workOrders).where(where);
  const { items, nextCursor } = await page.read(where, readViews(db));
  return { items: items.map((r) => toDealerWorkOrder(r.view)), nextCursor, total: counted?.total ?? 0 };
}
