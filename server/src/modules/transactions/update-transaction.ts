import { type PaymentMethod, recordBalanceText, SALE_TEXT } from '@contracts/after-sale';
import { ERROR_CODES } from '@contracts/errors';
import { centsToDecimal, decimalToCents, formatCents } from '@contracts/money';
import type { TransactionStatus } from '@contracts/statuses';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { transactions } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import { writeAudit } from '../audit/write-audit';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import { transactionCompletedMessage } from '../notifications/sale-messages';
import { lockVehicle } from '../vehicle-rows/vehicle-rows';
import { cancelSale } from '../vehicles/cancel-sale';
import { recordSaleStep } from './sale-events';
import { eventsOf, stateOfRow } from './sale-timeline';
import { getTransactionView, saleFactsOf } from './transaction-views';

export const CANCELLED_IS_FINAL = 'This transaction was cancelled and can no longer be changed';

/**
 * Status pending ⇄ completed, paid flag, or Cancel (final, re-lists the vehicle), in one DB
 * transaction. The paid flag is the ledger's (issue #27): marking a sale paid records its remaining
 * balance as a payment (method, reference, date required) through the same step as any payment, and
 * a sale paid in full cannot be marked unpaid (a refund reopens it). The dealer's billing contact
 * hears when the sale becomes completed (once per transaction).
 */
export async function updateTransaction(
  db: Database,
  id: number,
  changes: {
    status?: TransactionStatus | undefined;
    isPaid?: boolean | undefined;
    payment?: { method: PaymentMethod; reference: string; receivedOn: string } | undefined;
    cancelled?: true | undefined;
  },
  actor: Actor,
) {
  return withRetries(() =>
    db.transaction(async (tx) => {
      const [found] = await tx.select().from(transactions).where(eq(transactions.id, id));
      if (!found) throw notFound('Transaction not found');
      // Same lock order as every sale: the vehicle first.
      await lockVehicle(tx, found.vehicleId);
      const [current] = await tx.select().from(transactions).where(eq(transactions.id, id)).for('update');
      if (current!.cancelled) throw new AppError(ERROR_CODES.conflict, CANCELLED_IS_FINAL);
      if (changes.cancelled) {
        await cancelSale(tx, id, actor);
        return (await getTransactionView(tx, id))!;
      }
      const state = stateOfRow(current!, (await eventsOf(tx, [id])).get(id) ?? []);
      const owed = decimalToCents(state.balance);
      if (changes.isPaid === true && !state.paidInFull) {
        if (!changes.payment) throw badRequest(recordBalanceText(formatCents(owed)));
        await recordSaleStep(
          tx,
          id,
          { type: 'payment_recorded', amount: centsToDecimal(owed), ...changes.payment },
          actor,
        );
      }
      if (changes.isPaid === false && state.paidInFull) throw conflict(SALE_TEXT.paidFlagFollowsLedger);
      if (changes.status !== undefined && changes.status !== current!.status) {
        await tx.update(transactions).set({ status: changes.status }).where(eq(transactions.id, id));
        await writeAudit(tx, actor, {
          entity: 'transaction',
          entityId: id,
          action: 'updated',
          before: { status: current!.status },
          after: { status: changes.status },
        });
        if (changes.status === 'completed') {
          const stillOwed = decimalToCents(
            stateOfRow(current!, (await eventsOf(tx, [id])).get(id) ?? []).balance,
          );
          await enqueueNotifications(tx, [
            {
              event: 'transaction_completed',
              entityId: id,
              to: [{ dealerId: current!.dealerId, contact: 'billing' }],
              message: transactionCompletedMessage({
                ...(await saleFactsOf(tx, current!)),
                owed: stillOwed > 0 ? centsToDecimal(stillOwed) : null,
              }),
            },
          ]);
        }
      }
      return (await getTransactionView(tx, id))!;
    }),
  );
}
