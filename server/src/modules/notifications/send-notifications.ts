import { createHash } from 'node:crypto';
import { ALERT_UNSUBSCRIBE_TEXT } from '@contracts/notification-preferences';
import { toE164 } from '@contracts/phone';
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { type NotificationAlert, notifications } from '../../db/schema';
import { escapeHtml } from '../../lib/escape-html';
import type { MessagePayload } from './enqueue-notifications';
import type { MessageContext } from './notification-messages';
import { renderPayload } from './render-message';
import { SmsRejected, type SmsTransport } from './sms-transport';
import type { UnsubscribeLinks } from './unsubscribe-links';

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
/** The first retry waits this long, each further one twice as long (docs/design.md §6). */
export const RETRY_BASE_MS = 60_000;
const CLAIM_FOR = sql`interval '2 minutes'`;
const BATCH_SIZE = 20;

/**
 * A pooled SMTP transport: a few connections kept open and reused, so a backlog goes at the mail
 * server's pace instead of one TCP + SMTP handshake per message (bench:notify: about 10× faster).
 * An idle connection the server drops is reopened on the next message.
 */
export function createMailTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
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

export interface SenderOptions {
  /** The e-mail sender address (MAIL_FROM). */
  from: string;
  /** The brand and origin every message is rendered with (messageContextOf(config)). */
  messages: MessageContext;
  batchSize?: number;
  /** Text messages; null/absent: sms rows are suppressed ('no transport'), e-mail is unaffected. */
  sms?: SmsTransport | null;
  /** Signs the one-click unsubscribe link of every dealer e-mail; absent: no List-Unsubscribe. */
  unsubscribe?: UnsubscribeLinks | null;
  /** First retry delay, doubling per attempt: 1 minute (docs/design.md §6) unless a test scales time. */
  retryBaseMs?: number;
}

/** A row that can never be delivered (the provider said so): dead at once, not retried for hours. */
class Undeliverable extends Error {}

/**
 * A dealer e-mail carries RFC 8058 one-click unsubscribe for its event (List-Unsubscribe with the
 * signed HTTPS link, List-Unsubscribe-Post), and the same link plus the preferences page in its
 * footer for readers whose mail client shows no unsubscribe button. An alert about one buy order or
 * saved search (to the dealership or to the person who placed it) links to switching off that one's
 * alerts instead: a dealer with five orders silences one, not all.
 */
async function mailFor(
  row: { event: string; dealerId: number | undefined; alert: NotificationAlert | undefined },
  payload: MessagePayload,
  links: UnsubscribeLinks | null | undefined,
) {
  const headers: Record<string, string> = { 'X-Notification-Event': row.event };
  if (!links || (row.dealerId === undefined && !row.alert)) {
    return { text: payload.text, html: payload.html, headers };
  }
  const url = row.alert
    ? await links.alertUrl(row.alert)
    : await links.url({ dealerId: row.dealerId!, event: row.event, channel: 'email' });
  const stop = row.alert ? ALERT_UNSUBSCRIBE_TEXT.footerLink[row.alert.kind] : 'Stop these e-mails';
  headers['List-Unsubscribe'] = `<${url}>`;
  headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  const text = `${payload.text}\n\n${stop}: ${url}\n${ALERT_UNSUBSCRIBE_TEXT.allSettings}: ${links.preferencesUrl}`;
  const footer = `<p style="color:#666;font-size:12px"><a href="${escapeHtml(url)}">${escapeHtml(stop)}</a> · <a href="${escapeHtml(links.preferencesUrl)}">Notification settings</a></p>`;
  const html = payload.html.includes('</body>')
    ? payload.html.replace('</body>', `${footer}\n</body>`)
    : `${payload.html}\n${footer}`;
  return { text, html, headers };
}

/**
 * One pass of the sender: claims due rows, renders each with the brand and origin, sends it OUTSIDE
 * any transaction (e-mail over SMTP, sms through Twilio), then records the answer. A failure (a row
 * naming a template this version lacks among them) is retried after `retryBaseMs` (1 min) ×
 * 2^(attempts − 1); the 8th failure is `dead`, and so is at once a text the provider refused for
 * good (an invalid or unsubscribed number, see SmsRejected). Without the channel's transport, rows
 * become `suppressed` (visible in the admin log, re-queued by a resend).
 */
export async function runSenderPass(
  db: Database,
  transport: MailTransport | null,
  options: SenderOptions,
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
    const sms = row.channel === 'sms' ? (options.sms ?? null) : null;
    if (row.channel === 'sms' ? !sms : !transport) {
      await db
        .update(notifications)
        .set({ status: 'suppressed', providerAnswer: 'no transport', lockedUntil: null })
        .where(mine);
      result.suppressed++;
      continue;
    }
    try {
      const payload = renderPayload(options.messages, row.payload);
      let info: { response: string };
      if (sms) {
        const to = toE164(row.recipient);
        if (!to) throw new Undeliverable(`not a phone number that can be texted: ${row.recipient}`);
        info = await sms.send({ to, body: payload.sms ?? `${payload.subject} ${payload.link}` });
      } else {
        const mail = await mailFor(
          {
            event: row.event,
            dealerId: row.payload.dealerId,
            alert: 'template' in row.payload ? row.payload.alert : undefined,
          },
          payload,
          options.unsubscribe,
        );
        info = await transport!.sendMail({
          from: options.from,
          to: row.recipient,
          subject: payload.subject,
          text: mail.text,
          html: mail.html,
          messageId: messageIdOf(row.idempotencyKey, options.from),
          headers: mail.headers,
        });
      }
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
      const permanent = error instanceof Undeliverable || (error instanceof SmsRejected && error.permanent);
      const isDead = permanent || attempts >= MAX_ATTEMPTS;
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
