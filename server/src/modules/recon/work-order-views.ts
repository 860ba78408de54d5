import { dateInZone } from '@contracts/business-days';
import { centsToDecimal, decimalToCents } from '@contracts/money';
import type { PhotoStage, TaskSource, TaskStatus, WorkOrderStatus } from '@contracts/work-order-texts';
import type { SaleWorkOrder, TimeToLine, WorkOrder, WorkOrderTask } from '@contracts/work-orders';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  dealers,
  transactionEvents,
  transactions,
  vehiclePhotos,
  vehicles,
  workOrderPhotos,
  workOrders,
  workOrderTasks,
} from '../../db/schema';
import { vehicleNameColumns } from '../../db/vehicle-columns';
import { toPhoto } from '../photos/photo-views';

const minutesBetween = (from: Date | null, to: Date | null) =>
  from && to ? Math.max(0, Math.round((to.getTime() - from.getTime()) / 60_000)) : null;

/** Sale → work order done → picked up or delivered, in minutes between the moments. */
export function timeToLineOf(soldAt: Date, readyAt: Date | null, releasedAt: Date | null): TimeToLine {
  return {
    soldAt: soldAt.toISOString(),
    readyAt: readyAt?.toISOString() ?? null,
    releasedAt: releasedAt?.toISOString() ?? null,
    saleToReadyMinutes: minutesBetween(soldAt, readyAt),
    readyToReleaseMinutes: minutesBetween(readyAt, releasedAt),
    saleToReleaseMinutes: minutesBetween(soldAt, releasedAt),
  };
}

/** When each sale's car left: its first picked-up or delivered step. */
async function releasesOf(db: Executor, transactionIds: number[]) {
  const released = new Map<number, Date>();
  if (transactionIds.length === 0) return released;
  const rows = await db
    .select({ transactionId: transactionEvents.transactionId, createdAt: transactionEvents.createdAt })
    .from(transactionEvents)
    .where(
      and(
        inArray(transactionEvents.transactionId, transactionIds),
        inArray(transactionEvents.type, ['picked_up', 'delivered']),
      ),
    )
    .orderBy(asc(transactionEvents.id));
  for (const row of rows)
    if (!released.has(row.transactionId)) released.set(row.transactionId, row.createdAt);
  return released;
}

const isFinished = (status: TaskStatus) => status === 'done' || status === 'not_needed';
const isOpen = (status: WorkOrderStatus) => status === 'to_do' || status === 'in_progress';

/** The tasks of some work orders with their photos, in two queries. */
async function tasksOf(db: Executor, workOrderIds: number[]) {
  const byOrder = new Map<number, WorkOrderTask[]>();
  if (workOrderIds.length === 0) return byOrder;
  const tasks = await db
    .select()
    .from(workOrderTasks)
    .where(inArray(workOrderTasks.workOrderId, workOrderIds))
    .orderBy(asc(workOrderTasks.position), asc(workOrderTasks.id));
  const photos = new Map<number, WorkOrderTask['photos']>();
  if (tasks.length > 0) {
    const rows = await db
      .select({ taskId: workOrderPhotos.taskId, stage: workOrderPhotos.stage, photo: vehiclePhotos })
      .from(workOrderPhotos)
      .innerJoin(vehiclePhotos, eq(vehiclePhotos.id, workOrderPhotos.photoId))
      .where(
        inArray(
          workOrderPhotos.taskId,
          tasks.map((t) => t.id),
        ),
      )
      .orderBy(asc(workOrderPhotos.createdAt), asc(workOrderPhotos.photoId));
    for (const row of rows) {
      const list = photos.get(row.taskId) ?? [];
      list.push({ ...toPhoto(row.photo), stage: row.stage as PhotoStage });
      photos.set(row.taskId, list);
    }
  }
  for (const task of tasks) {
    const list = byOrder.get(task.workOrderId) ?? [];
    list.push({
      id: task.id,
      position: task.position,
      source: task.source as TaskSource,
      title: task.title,
      status: task.status as TaskStatus,
      notNeededReason: task.notNeededReason,
      partsCost: task.partsCost,
      labourCost: task.labourCost,
      notes: task.notes,
      updatedAt: task.updatedAt.toISOString(),
      photos: photos.get(task.id) ?? [],
    });
    byOrder.set(task.workOrderId, list);
  }
  return byOrder;
}

const sum = (tasks: readonly WorkOrderTask[], pick: (t: WorkOrderTask) => string) =>
  tasks.reduce((total, t) => total + decimalToCents(pick(t)), 0);

/** What a read of work order views takes: the rows (where), their order and how many (a page's parts). */
export interface WorkOrderRead {
  where?: SQL;
  orderBy?: SQL[];
  limit?: number;
  /** The row's sort key as text, for a page's next cursor (keyset-page.ts). */
  cursorKey?: SQL<string>;
}

/**
 * Open and past its promised day in the sale's time zone, as SQL: the same rule as a view's
 * `overdue` (read by the delayed-work-order pass and the list's narrowing, which the view confirms).
 */
export const pastPromise = and(
  inArray(workOrders.status, ['to_do', 'in_progress']),
  sql`${workOrders.promisedOn} < (now() at time zone (${transactions.terms} ->> 'timeZone'))::date`,
)!;

/**
 * Work orders as every screen reads them, oldest promise first unless `orderBy` says otherwise: the
 * car, the dealership, the package as chosen, the tasks with their photos, the costs summed and
 * time-to-line — in a fixed number of queries however many there are, computed for these rows only.
 */
export async function readWorkOrderViews(
  db: Executor,
  {
    where,
    orderBy = [asc(workOrders.promisedOn), asc(workOrders.id)],
    limit,
    cursorKey = sql<string>`''`,
  }: WorkOrderRead,
) {
  const query = db
    .select({
      w: workOrders,
      vehicle: vehicleNameColumns,
      dealerName: dealers.dealerName,
      soldAt: transactions.createdAt,
      terms: transactions.terms,
      cursorKey,
    })
    .from(workOrders)
    .innerJoin(transactions, eq(transactions.id, workOrders.transactionId))
    .innerJoin(vehicles, eq(vehicles.id, workOrders.vehicleId))
    .innerJoin(dealers, eq(dealers.id, workOrders.dealerId))
    .where(where)
    .orderBy(...orderBy);
  const rows = await (limit === undefined ? query : query.limit(limit));
  const ids = rows.map((r) => r.w.id);
  const tasks = await tasksOf(db, ids);
  const released = await releasesOf(
    db,
    rows.map((r) => r.w.transactionId),
  );
  const now = new Date();
  return rows.map(({ w, vehicle, dealerName, soldAt, terms, cursorKey: key }) => {
    const list = tasks.get(w.id) ?? [];
    const status = w.status as WorkOrderStatus;
    const parts = sum(list, (t) => t.partsCost);
    const labour = sum(list, (t) => t.labourCost);
    const view: WorkOrder = {
      id: w.id,
      transactionId: w.transactionId,
      vehicleId: w.vehicleId,
      vehicle,
      dealerId: w.dealerId,
      dealerName,
      packageName: w.packageName,
      packagePrice: w.packagePrice,
      status,
      promisedOn: w.promisedOn,
      overdue: isOpen(status) && dateInZone(now, terms.timeZone) > w.promisedOn,
      createdAt: w.createdAt.toISOString(),
      startedAt: w.startedAt?.toISOString() ?? null,
      doneAt: w.doneAt?.toISOString() ?? null,
      updatedAt: w.updatedAt.toISOString(),
      done: list.filter((t) => isFinished(t.status)).length,
      total: list.length,
      partsCost: centsToDecimal(parts),
      labourCost: centsToDecimal(labour),
      totalCost: centsToDecimal(parts + labour),
      tasks: list,
      timeToLine: timeToLineOf(soldAt, w.doneAt, released.get(w.transactionId) ?? null),
    };
    return { id: w.id, cursorKey: key, view };
  });
}

/** Work orders under `where`, oldest promise first, as views. */
export const findWorkOrderViews = async (db: Executor, where?: SQL): Promise<WorkOrder[]> =>
  (await readWorkOrderViews(db, { where })).map((r) => r.view);

export async function getWorkOrderView(db: Executor, id: number) {
  const [view] = await findWorkOrderViews(db, eq(workOrders.id, id));
  return view ?? null;
}

/**
 * What each sale's view says of its work order (transactions/sale-timeline.ts): state, progress,
 * promise and time-to-line, in three queries for all the sales.
 */
export async function saleWorkOrdersOf(
  db: Executor,
  sales: readonly { id: number; createdAt: Date }[],
): Promise<Map<number, SaleWorkOrder>> {
  const result = new Map<number, SaleWorkOrder>();
  if (sales.length === 0) return result;
  const ids = sales.map((s) => s.id);
  // The sale's own work order (a buyback's, for the car bought back, is not the sale's).
  const rows = await db
    .select()
    .from(workOrders)
    .where(and(inArray(workOrders.transactionId, ids), isNull(workOrders.claimId)));
  if (rows.length === 0) return result;
  const counts = await db
    .select({ workOrderId: workOrderTasks.workOrderId, status: workOrderTasks.status })
    .from(workOrderTasks)
    .where(
      inArray(
        workOrderTasks.workOrderId,
        rows.map((r) => r.id),
      ),
    );
  const released = await releasesOf(
    db,
    rows.map((r) => r.transactionId),
  );
  const soldAt = new Map(sales.map((s) => [s.id, s.createdAt]));
  for (const w of rows) {
    const tasks = counts.filter((c) => c.workOrderId === w.id);
    result.set(w.transactionId, {
      id: w.id,
      status: w.status as WorkOrderStatus,
      packageName: w.packageName,
      done: tasks.filter((t) => isFinished(t.status as TaskStatus)).length,
      total: tasks.length,
      promisedOn: w.promisedOn,
      timeToLine: timeToLineOf(soldAt.get(w.transactionId)!, w.doneAt, released.get(w.transactionId) ?? null),
    });
  }
  return result;
}
