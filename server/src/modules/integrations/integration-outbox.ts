import type { IntegrationSystem } from '@contracts/delivery';
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { integrationOutbox } from '../../db/schema';

export type IntegrationTarget = IntegrationSystem;
export type OutboxRow = typeof integrationOutbox.$inferSelect;

/**
 * Something a carrier or a lender must hear (docs/design.md §6, §15), written in the caller's DB
 * transaction, so the change and the call stand or fall together; the key makes a retry of the same
 * change one row (and is sent as the Idempotency-Key, so the other side sees one request).
 */
export async function enqueueIntegration(
  tx: Executor,
  row: {
    target: IntegrationTarget;
    action: string;
    entityId: number;
    payload: Record<string, unknown>;
    key: string;
  },
) {
  await tx
    .insert(integrationOutbox)
    .values({
      target: row.target,
      action: row.action,
      entityId: row.entityId,
      payload: row.payload,
      idempotencyKey: row.key,
    })
    .onConflictDoNothing({ target: integrationOutbox.idempotencyKey });
}

/** The other side refused for good (a 4xx other than 408/429): dead at once, not retried. */
export class PermanentFailure extends Error {}

/** What sends one row: throws to retry (PermanentFailure: never), returns the answer to record. */
export type IntegrationHandler = (row: OutboxRow) => Promise<string>;

export const MAX_INTEGRATION_ATTEMPTS = 8;
const CLAIM_FOR = sql`interval '2 minutes'`;

/** Due rows (queued, failed and due, or a claim that expired), claimed for two minutes, skip-locked. */
async function claimDue(db: Database, limit: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: integrationOutbox.id })
      .from(integrationOutbox)
      .where(
        or(
          and(
            inArray(integrationOutbox.status, ['queued', 'failed']),
            lte(integrationOutbox.nextAttemptAt, sql`now()`),
          ),
          and(eq(integrationOutbox.status, 'sending'), lt(integrationOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(integrationOutbox.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(integrationOutbox)
      .set({ status: 'sending', lockedUntil: sql`now() + ${CLAIM_FOR}` })
      .where(
        inArray(
          integrationOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/**
 * One pass of the integration outbox: each due row goes to its handler (`target.action`), oldest
 * first and one at a time per pass (an order's create before its cancel); a failure is retried
 * after `retryBaseMs × 2^(attempts − 1)` up to MAX_INTEGRATION_ATTEMPTS, then dead (the admin
 * boards show what is stuck). Answers how many were sent and failed.
 */
export async function sendIntegrations(
  db: Database,
  handlers: Readonly<Record<string, IntegrationHandler>>,
  { retryBaseMs = 60_000, batchSize = 20 }: { retryBaseMs?: number; batchSize?: number } = {},
) {
  const rows = await claimDue(db, batchSize);
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    const handler = handlers[`${row.target}.${row.action}`];
    try {
      if (!handler) throw new PermanentFailure(`no handler for ${row.target}.${row.action}`);
      const answer = await handler(row);
      await db
        .update(integrationOutbox)
        .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, answer: answer.slice(0, 500) })
        .where(eq(integrationOutbox.id, row.id));
      sent++;
    } catch (error) {
      failed++;
      const attempts = row.attempts + 1;
      const dead = error instanceof PermanentFailure || attempts >= MAX_INTEGRATION_ATTEMPTS;
      await db
        .update(integrationOutbox)
        .set({
          status: dead ? 'dead' : 'failed',
          attempts,
          lockedUntil: null,
          answer: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          nextAttemptAt: sql`now() + ${retryBaseMs * 2 ** (attempts - 1)} * interval '1 millisecond'`,
        })
        .where(eq(integrationOutbox.id, row.id));
    }
  }
  return { sent, failed };
}
