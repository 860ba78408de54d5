import type { WorkOrderStatus } from '@contracts/work-order-texts';
import { WORK_ORDER_TEXT } from '@contracts/work-order-texts';
import type { DealerWorkOrder } from '@contracts/work-orders';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { workOrders } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
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
 * GET /api/dealer/work-orders: the signed-in dealership's own, the dealer id from the session, as
 * the dealer reads them: the package's price and each task's status, never the shop's parts and
 * labour costs or notes (issue #43) — left out here, not only by the response schema.
 */
export async function findDealerWorkOrders(db: Database, actor: Actor): Promise<DealerWorkOrder[]> {
  // A car bought back from the dealership is ours again: its work order is not theirs to follow.
  const views = await findWorkOrderViews(
    db,
    and(eq(workOrders.dealerId, actor.id!), isNull(workOrders.claimId)),
  );
  return views.map(({ partsCost: _p, labourCost: _l, totalCost: _t, tasks, ...order }) => ({
    ...order,
    tasks: tasks.map(({ partsCost: _tp, labourCost: _tl, notes: _n, ...task }) => task),
  }));
}
