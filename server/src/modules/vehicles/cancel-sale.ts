import { ERROR_CODES } from '@contracts/errors';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { transactionEvents, transactions } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../audit/write-audit';
import { unfillBuyOrders } from '../buy-orders/fill-buy-orders';
import { cancelWorkOrder } from '../recon/release-gate';
import { cancelTransportWithSale } from '../transport-cancel/cancel-transport';
import { updateVehicleRow } from '../vehicle-rows/vehicle-rows';

/**
 * Undoes a sale (docs/design.md §3): the transaction becomes cancelled — final —, its timeline says so
 * (the ledger takes the price back, so a paid sale shows the refund owed) and the vehicle goes
 * back on the market. Used by Cancel on a transaction and by reactivating a sold vehicle. The caller
 * holds the vehicle row lock; the transaction row is locked here.
 */
export async function cancelSale(
  tx: Transaction,
  transactionId: number,
  actor: Actor,
  /** Why, on the timeline (an unwind names its claim). */
  data: Record<string, unknown> = {},
  /**
   * The car is listed again (as always), or, false: it waits in the completion queue, off the market
   * (a buyback sent to reconditioning first, docs/decisions/0043-claim-coverage-and-deductible.md).
   */
  listAgain = true,
) {
  const [sale] = await tx.select().from(transactions).where(eq(transactions.id, transactionId)).for('update');
  if (!sale) throw new AppError(ERROR_CODES.notFound, 'Transaction not found');
  if (sale.cancelled) throw new AppError(ERROR_CODES.conflict, 'This transaction is already cancelled');
  // A transport not yet picked up stops with the sale (the carrier is told); its charge goes back.
  await cancelTransportWithSale(tx, sale, actor);
  // Paid or not, a cancelled sale is not a paid one: its ledger now shows the refund owed, if any.
  await tx.update(transactions).set({ cancelled: true, isPaid: false }).where(eq(transactions.id, sale.id));
  // The timeline ends with it (an unwind is this cancellation, docs/design.md §8): every path records it.
  await tx.insert(transactionEvents).values({
    transactionId: sale.id,
    dealerId: sale.dealerId,
    type: 'cancelled',
    data,
    actorType: actor.type,
    actorId: actor.id,
  });
  await updateVehicleRow(tx, sale.vehicleId, { status: 'active', inQueue: !listAgain });
  // The buy order the sale counted toward counts it no more (and reopens if it had filled it).
  await unfillBuyOrders(tx, sale.id);
  // Its reconditioning stops with it (issue #31).
  await cancelWorkOrder(tx, sale.id, actor);
  await writeAudit(tx, actor, {
    entity: 'transaction',
    entityId: sale.id,
    action: 'cancelled',
    before: { cancelled: false },
    after: { cancelled: true },
  });
  await writeAudit(tx, actor, {
    entity: 'vehicle',
    entityId: sale.vehicleId,
    action: listAgain ? 'relisted' : 'queued',
    before: { status: 'sold' },
    after: { status: 'active', inQueue: !listAgain, cancelledTransactionId: sale.id },
  });
  return sale;
}
