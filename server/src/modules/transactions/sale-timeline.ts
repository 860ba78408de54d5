import type { SaleState } from '@contracts/after-sale';
import type { TransactionStatus } from '@contracts/statuses';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transactionEvents, transactions, vehiclePhotos } from '../../db/schema';
import { toPhoto } from '../photos/photo-views';
import { saleWorkOrdersOf } from '../recon/work-order-views';
import { type SaleFacts, saleStateOf } from './sale-state';
import type { StoredSaleEvent } from './stored-sale-event';

/** The timelines of some transactions, oldest step first. */
export async function eventsOf(db: Executor, transactionIds: number[]) {
  const byTransaction = new Map<number, StoredSaleEvent[]>();
  if (transactionIds.length === 0) return byTransaction;
  const rows = await db
    .select()
    .from(transactionEvents)
    .where(inArray(transactionEvents.transactionId, transactionIds))
    .orderBy(asc(transactionEvents.id));
  for (const row of rows) {
    const list = byTransaction.get(row.transactionId) ?? [];
    list.push(row);
    byTransaction.set(row.transactionId, list);
  }
  return byTransaction;
}

export const stateOfRow = (
  row: typeof transactions.$inferSelect,
  events: readonly StoredSaleEvent[],
  now = new Date(),
  reconditioning: SaleFacts['reconditioning'] = null,
) =>
  saleStateOf(
    {
      amount: row.amount,
      createdAt: row.createdAt,
      cancelled: row.cancelled,
      terms: row.terms,
      status: row.status as TransactionStatus,
      reconditioning,
    },
    events,
    now,
  );

/**
 * The stored paid flag made to follow the ledger after a charge or a credit written outside a sale
 * step (a delivery ordered or cancelled): `is_paid` is then exactly "paid in full", which the lists
 * narrow on (transaction-list.ts). A sale step keeps it so itself (sale-events.ts).
 */
export async function syncPaidFlag(tx: Executor, transactionId: number) {
  const [row] = await tx.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!row) return;
  const { paidInFull } = stateOfRow(row, (await eventsOf(tx, [transactionId])).get(transactionId) ?? []);
  if (paidInFull !== row.isPaid)
    await tx.update(transactions).set({ isPaid: paidInFull }).where(eq(transactions.id, transactionId));
}

/** The photo ids each step of these sales names (a claim, the delivery confirmation, the bill of lading). */
const stepPhotoIds = (events: readonly StoredSaleEvent[]) =>
  new Map(
    events
      .filter((e) => Array.isArray(e.data.photoIds))
      .map((e) => [e.id, { type: e.type, data: e.data, ids: e.data.photoIds as number[] }]),
  );

/**
 * Puts the photos (variants, placeholder) each step names into the states, in one query for all
 * of them: each claim's, the dealer's at delivery, the transport's bill of lading.
 */
async function fillStepPhotos(
  db: Executor,
  sales: { state: SaleState; events: readonly StoredSaleEvent[] }[],
) {
  const bySale = sales.map(({ events }) => stepPhotoIds(events));
  const ids = [...new Set(bySale.flatMap((m) => [...m.values()].flatMap((step) => step.ids)))];
  if (ids.length === 0) return;
  const rows = await db.select().from(vehiclePhotos).where(inArray(vehiclePhotos.id, ids));
  const photos = new Map(rows.map((row) => [row.id, toPhoto(row)]));
  const photosOf = (list: readonly number[]) => list.flatMap((id) => photos.get(id) ?? []);
  sales.forEach(({ state }, i) => {
    const steps = bySale[i]!;
    for (const claim of state.claims) {
      claim.photos = photosOf(steps.get(claim.id)?.ids ?? []);
      for (const item of claim.evidence) item.photos = photosOf(steps.get(item.id)?.ids ?? []);
    }
    for (const step of steps.values()) {
      if (step.type === 'delivery_confirmed' && state.deliveryConfirmation)
        state.deliveryConfirmation.photos = photosOf(step.ids);
      const { transport } = state;
      if (step.type === 'bol_attached' && transport && transport.orderId === step.data.orderId)
        transport.bolPhotos.push(...photosOf(step.ids));
    }
  });
}

/**
 * The state of each sale as the views show it (same order as `rows`): its timeline read in one
 * query, its work order (none: null) in another, the state derived at one `now` with the work order
 * as a fact of the fold (an open one holds the car: `canRelease`, `holdReason`), the claims' photos
 * filled in one more query.
 */
export async function saleStatesOf(db: Executor, rows: readonly (typeof transactions.$inferSelect)[]) {
  const events = await eventsOf(
    db,
    rows.map((t) => t.id),
  );
  // The work order (issue #31): both sides read its state, and the release waits until it is done.
  const workOrders = await saleWorkOrdersOf(db, rows);
  const now = new Date();
  const sales = rows.map((t) => {
    const timeline = events.get(t.id) ?? [];
    const workOrder = workOrders.get(t.id) ?? null;
    const reconditioning = workOrder && {
      open: workOrder.status === 'to_do' || workOrder.status === 'in_progress',
      done: workOrder.done,
      total: workOrder.total,
    };
    return { state: stateOfRow(t, timeline, now, reconditioning), events: timeline, workOrder };
  });
  await fillStepPhotos(db, sales);
  return sales.map(({ state, workOrder }) => ({ ...state, workOrder }));
}
