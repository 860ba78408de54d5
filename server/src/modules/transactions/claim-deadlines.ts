import { CLAIM_CATEGORIES } from '@contracts/after-sale';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { transactionEvents, transactions } from '../../db/schema';
import { registerJob } from '../../lib/jobs';
import { writeAudit } from '../audit/write-audit';
import { enqueueNotifications, type Notification } from '../notifications/enqueue-notifications';
import { claimClosedMessage, claimEscalatedMessage } from '../notifications/sale-messages';
import { lockVehicle } from '../vehicle-rows/vehicle-rows';
import { enforceClaimPayments } from './claim-payments';
import { eventsOf, stateOfRow } from './sale-timeline';
import { saleFactsOf } from './transaction-views';

const SYSTEM = { type: 'system' as const, id: null };

/**
 * The claim deadlines (issue #48, docs/decisions/0041-claim-cases.md), once each: a case whose
 * dealer missed the evidence deadline without photos or video is closed (a `claim_closed` step, the
 * dealer told), one whose decision deadline passed undecided is escalated (a `claim_escalated` step,
 * the admins told; the admin list flags it). The stage is claimCaseOf's, read from the sale's state;
 * the step is the "told" mark, written with its outbox message in one DB transaction per sale, the
 * vehicle then the sale locked (the order of every sale step). Answers how many of each.
 */
export async function enforceClaimDeadlines(db: Database, now = new Date()) {
  // Sales with a claim no answer, closing or escalation has followed yet (the fold decides the rest).
  const candidates = await db
    .select({ id: transactions.id, vehicleId: transactions.vehicleId })
    .from(transactions)
    .where(
      and(
        eq(transactions.cancelled, false),
        sql`exists (select 1 from ${transactionEvents} c where c.transaction_id = ${transactions.id}
          and c.type = 'claim_opened' and not exists (select 1 from ${transactionEvents} a
          where a.transaction_id = c.transaction_id and a.data->>'claimId' = c.id::text
            and a.type in ('claim_answered', 'claim_closed', 'claim_escalated')))`,
      ),
    );
  const done = { closed: 0, escalated: 0 };
  for (const { id, vehicleId } of candidates) {
    await db.transaction(async (tx) => {
      await lockVehicle(tx, vehicleId);
      const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).for('update');
      if (!row || row.cancelled) return;
      const state = stateOfRow(row, (await eventsOf(tx, [id])).get(id) ?? [], now);
      const facts = await saleFactsOf(tx, row);
      const messages: Notification[] = [];
      const told = new Set(
        state.timeline
          .filter((e) => e.type === 'claim_closed' || e.type === 'claim_escalated')
          .map((e) => `${e.type}:${String(e.data.claimId)}`),
      );
      for (const claim of state.claims) {
        const type =
          claim.status === 'closed'
            ? 'claim_closed'
            : claim.status === 'open' && claim.case.stage === 'escalated'
              ? 'claim_escalated'
              : null;
        if (!type || told.has(`${type}:${claim.id}`)) continue;
        const data =
          type === 'claim_closed'
            ? { claimId: claim.id, evidenceDueOn: claim.case.evidenceDueOn }
            : { claimId: claim.id, decisionDueOn: claim.case.decisionDueOn };
        const [event] = await tx
          .insert(transactionEvents)
          .values({
            transactionId: id,
            dealerId: row.dealerId,
            type,
            data,
            actorType: 'system',
            actorId: null,
          })
          .returning({ id: transactionEvents.id });
        await writeAudit(tx, SYSTEM, { entity: 'transaction', entityId: id, action: type, after: data });
        if (type === 'claim_closed') {
          done.closed++;
          messages.push({
            event: 'claim_case',
            entityId: event!.id,
            to: [{ dealerId: row.dealerId, contact: 'main' }],
            message: claimClosedMessage({ ...facts, evidenceDueOn: claim.case.evidenceDueOn }),
          });
        } else {
          done.escalated++;
          messages.push({
            event: 'claim_escalated',
            entityId: event!.id,
            to: [{ admins: true }],
            message: claimEscalatedMessage({
              ...facts,
              decisionDueOn: claim.case.decisionDueOn,
              category: CLAIM_CATEGORIES[claim.category],
            }),
          });
        }
      }
      await enqueueNotifications(tx, messages);
    });
  }
  return done;
}

/**
 * The "claim-deadlines" job: every 10 minutes (and shortly after start), missed deadlines enforced
 * once — the evidence's and the decision's, then the award's pay-by day (claim-payments.ts).
 */
export function scheduleClaimDeadlines(app: FastifyInstance, db: Database) {
  registerJob(app, db, {
    name: 'claim-deadlines',
    label:
      'Guarantee claims: cases past the evidence deadline closed, past the decision deadline escalated, awards reminded before and flagged after their pay-by day',
    firstRunDelayMs: 50_000,
    intervalMs: 10 * 60_000,
    run: async () => ({ ...(await enforceClaimDeadlines(db)), ...(await enforceClaimPayments(db)) }),
    failure: 'claim deadlines pass failed',
    report: (done) => {
      if (done.closed + done.escalated + done.reminded + done.late > 0)
        app.log.info(done, 'claim deadlines enforced');
    },
  });
}
