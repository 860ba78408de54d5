import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog, transactionEvents, transactions } from '../../db/schema';
import { writeAudit } from '../audit/write-audit';
import { enqueueNotifications, type Notification } from '../notifications/enqueue-notifications';
import {
  claimPaymentDueMessage,
  claimPaymentLateMessage,
  claimRefundLateMessage,
} from '../notifications/sale-messages';
import { lockVehicle } from '../vehicle-rows/vehicle-rows';
import { eventsOf, stateOfRow } from './sale-timeline';
import { saleFactsOf } from './transaction-views';

const SYSTEM = { type: 'system' as const, id: null };
/** The audit action that marks the admins reminded of an award's pay-by day (once per claim). */
const REMINDED = 'claim_payment_reminded';
/** Business days before the pay-by day the admins are reminded (the day before, issue #48). */
const REMIND_DAYS_BEFORE = 1;

/**
 * The pay-by day of a claim award (issue #48, docs/decisions/0041-claim-cases.md), enforced once
 * each: one business day before it, the admins are reminded of a refund still owed (an audit row
 * `claim_payment_reminded` marks it); once it passed with the refund not paid by it, a
 * `claim_payment_late` step is recorded, the admins and the dealer's billing contact told, and the
 * claim flagged `paymentLate` (the Transactions filter "Claim refund late"). The payment is the
 * case's (claimCaseOf over the sale's fold), so a view, the filter and the job agree; each mark is
 * written with its outbox messages in one DB transaction per sale, the vehicle then the sale locked.
 * A buyback cancels its sale, so cancelled sales are read too. Awards decided in the last 120 days
 * are read (the longest pay deadline, 30 business days, is well inside). Answers how many of each.
 */
export async function enforceClaimPayments(db: Database, now = new Date()) {
  const candidates = await db
    .select({ id: transactions.id, vehicleId: transactions.vehicleId })
    .from(transactions)
    .where(
      sql`exists (select 1 from ${transactionEvents} a where a.transaction_id = ${transactions.id}
        and a.type = 'claim_answered' and a.data->>'decision' in ('adjusted', 'unwound')
        and a.created_at > ${now.toISOString()}::timestamptz - interval '120 days'
        and not exists (select 1 from ${transactionEvents} l where l.transaction_id = a.transaction_id
          and l.type = 'claim_payment_late' and l.data->>'claimId' = a.data->>'claimId'))`,
    );
  const done = { reminded: 0, late: 0 };
  for (const { id, vehicleId } of candidates) {
    await db.transaction(async (tx) => {
      await lockVehicle(tx, vehicleId);
      const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).for('update');
      if (!row) return;
      const state = stateOfRow(row, (await eventsOf(tx, [id])).get(id) ?? [], now);
      const reminded = new Set(
        (
          await tx
            .select({ after: auditLog.after })
            .from(auditLog)
            .where(
              and(
                eq(auditLog.entity, 'transaction'),
                eq(auditLog.entityId, id),
                eq(auditLog.action, REMINDED),
              ),
            )
        ).map((a) => String((a.after as { claimId?: unknown } | null)?.claimId)),
      );
      const messages: Notification[] = [];
      for (const claim of state.claims) {
        const payment = claim.case.payment;
        if (!payment || claim.paymentLate) continue;
        const facts = { owed: payment.owed, payDueOn: payment.dueOn };
        if (payment.late) {
          const data = { claimId: claim.id, ...facts };
          const [event] = await tx
            .insert(transactionEvents)
            .values({
              transactionId: id,
              dealerId: row.dealerId,
              type: 'claim_payment_late',
              data,
              actorType: 'system',
              actorId: null,
            })
            .returning({ id: transactionEvents.id });
          await writeAudit(tx, SYSTEM, {
            entity: 'transaction',
            entityId: id,
            action: 'claim_payment_late',
            after: data,
          });
          const sale = { ...(await saleFactsOf(tx, row)), ...facts };
          messages.push(
            {
              event: 'claim_payment_late',
              entityId: event!.id,
              to: [{ admins: true }],
              message: claimPaymentLateMessage(sale),
            },
            {
              event: 'claim_refund_late',
              entityId: event!.id,
              to: [{ dealerId: row.dealerId, contact: 'billing' }],
              message: claimRefundLateMessage(sale),
            },
          );
          done.late++;
        } else if (
          payment.businessDaysLeft !== null &&
          payment.businessDaysLeft <= REMIND_DAYS_BEFORE &&
          !reminded.has(String(claim.id))
        ) {
          await writeAudit(tx, SYSTEM, {
            entity: 'transaction',
            entityId: id,
            action: REMINDED,
            after: { claimId: claim.id, ...facts },
          });
          messages.push({
            event: 'claim_payment_due',
            entityId: claim.id,
            to: [{ admins: true }],
            message: claimPaymentDueMessage({ ...(await saleFactsOf(tx, row)), ...facts }),
          });
          done.reminded++;
        }
      }
      await enqueueNotifications(tx, messages);
    });
  }
  return done;
}
