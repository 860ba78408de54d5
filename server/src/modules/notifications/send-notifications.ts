import { createHash } from 'node:crypto';
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';

/** The part of a nodemailer transport the sender uses; `response` is the server's final SMTP answer. */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    messageId: string;
    headers: Record<string, string>;
  }): Promise<{ response: string }>;
  close?(): void;
}

export const MAX_ATTEMPTS = 8;
/** The first retry waits this long, each further one twice as long (DESIGN.md §6). */
export const RETRY_BASE_MS = 60_000;
const CLAIM_FOR = sql`interval '2 minutes'`;
const BATCH_SIZE = 20;

export function createMailTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]) as unknown as MailTransport;
}

/** The same key gives the same Message-ID, so a receiving server can drop a duplicate delivery. */
export function messageIdOf(idempotencyKey: string, from: string) {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'notifications.invalid';
  return `<${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}@${domain}>`;
}

/**
 * Claims due rows in a short transaction (`FOR UPDATE SKIP LOCKED`, so instances never take the
 * same row): queued or failed rows whose next attempt is due, and `sending` rows whose claim
 * expired (an instance died mid-send). They become `sending` for two minutes.
 */
async function claimDueRows(db: Database, limit: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        or(
          and(
            inArray(notifications.status, ['queued', 'failed']),
            lte(notifications.nextAttemptAt, sql`now()`),
          ),
          and(eq(notifications.status, 'sending'), lt(notifications.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(notifications.nextAttemptAt, notifications.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return (
      tx
        .update(notifications)
        // Millisecond precision, so the claim's expiry read back into a Date identifies this claim.
        .set({ status: 'sending', lockedUntil: sql`date_trunc('milliseconds', now() + ${CLAIM_FOR})` })
        .where(
          inArray(
            notifications.id,
            due.map((d) => d.id),
          ),
        )
        .returning()
    );
  });
}

export interface SenderPassResult {
  sent: number;
  failed: number;
  dead: number;
  suppressed: number;
}

/**
 * One pass of the sender: claims due rows, sends each OUTSIDE any transaction, then records the
 * answer. A failure is retried after `retryBaseMs` (1 min) × 2^(attempts − 1); the 8th failure is
 * `dead`. Without a transport, rows become `suppressed` (visible in the admin log, re-queued by a resend).
 */
export async function runSenderPass(
  db: Database,
  transport: MailTransport | null,
  options: { from: string; batchSize?: number; retryBaseMs?: number },
): Promise<SenderPassResult> {
  const result: SenderPassResult = { sent: 0, failed: 0, dead: 0, suppressed: 0 };
  const rows = await claimDueRows(db, options.batchSize ?? BATCH_SIZE);
  for (const row of rows) {
    // Only while the claim is still ours: a pass that outlived it must not overwrite the next claim.
    const mine = and(
      eq(notifications.id, row.id),
      eq(notifications.status, 'sending'),
      eq(notifications.lockedUntil, row.lockedUntil!),
    );
    if (!transport) {
      await db
        .update(notifications)
        .set({ status: 'suppressed', providerAnswer: 'no transport', lockedUntil: null })
        .where(mine);
      result.suppressed++;
      continue;
    }
    try {
      const info = await transport.sendMail({
        from: options.from,
        to: row.recipient,
        subject: row.payload.subject,
        text: row.payload.text,
        html: row.payload.html,
        messageId: messageIdOf(row.idempotencyKey, options.from),
        headers: { 'X-Notification-Event': row.event },
      });
      await db
        .update(notifications)
        .set({
          status: 'sent',
          attempts: row.attempts + 1,
          providerAnswer: String(info.response ?? '').slice(0, 1000),
          lockedUntil: null,
          sentAt: sql`now()`,
        })
        .where(mine);
      result.sent++;
    } catch (error) {
      const attempts = row.attempts + 1;
      const isDead = attempts >= MAX_ATTEMPTS;
      await db
        .update(notifications)
        .set({
          status: isDead ? 'dead' : 'failed',
          attempts,
          providerAnswer: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
          lockedUntil: null,
          nextAttemptAt: sql`now() + ${2 ** (attempts - 1) * (options.retryBaseMs ?? RETRY_BASE_MS)} * interval '1 millisecond'`,
        })
        .where(mine);
      if (isDead) result.dead++;
      else result.failed++;
    }
  }
  return result;
}
