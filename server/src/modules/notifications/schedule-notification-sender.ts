import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { registerJob } from '../../lib/jobs';
import type { MessageContext } from './notification-messages';
import { createMailTransport, runSenderPass } from './send-notifications';
import { createTwilioTransport } from './sms-transport';
import type { UnsubscribeLinks } from './unsubscribe-links';

/** Rows one pass claims; a pass that claimed this many is followed at once by another. */
export const SENDER_BATCH_SIZE = 20;

/**
 * The "notifications" job: every instance sends (e-mail over SMTP_URL, texts through Twilio when
 * TWILIO_* is set), a run every few seconds on each (rows are claimed with SKIP LOCKED, so instances
 * share the work: the job takes no lease), and while runs come back full, the next batch at once, so
 * a backlog drains at the speed of the providers rather than 20 messages per interval. A failed run
 * is a warning; closing the app waits for the run under way (and stops draining) before closing
 * the SMTP transport.
 */
export function scheduleNotificationSender(
  app: FastifyInstance,
  db: Database,
  mail: Config['mail'],
  intervalMs: number,
  extras: {
    messages: MessageContext;
    sms?: Config['sms'];
    unsubscribe?: UnsubscribeLinks;
    retryBaseMs?: number;
  },
) {
  const transport = mail ? createMailTransport(mail.smtpUrl) : null;
  const sms = extras.sms ? createTwilioTransport(extras.sms) : null;
  const from = mail?.from ?? '';
  let closing = false;
  const drain = async () => {
    for (;;) {
      const result = await runSenderPass(db, transport, {
        from,
        messages: extras.messages,
        sms,
        unsubscribe: extras.unsubscribe ?? null,
        retryBaseMs: extras.retryBaseMs,
        batchSize: SENDER_BATCH_SIZE,
      });
      if (result.failed || result.dead) app.log.warn({ result }, 'some notifications were not sent');
      const handled = result.sent + result.failed + result.dead + result.suppressed;
      if (closing || handled < SENDER_BATCH_SIZE) return;
    }
  };
  registerJob(app, db, {
    name: 'notifications',
    label: 'Notification outbox: e-mails and texts sent',
    intervalMs,
    everyInstance: true,
    run: drain,
    failure: 'notification sender pass failed',
    // On close the drain stops after its batch; the transport closes once the run has ended.
    onClosing: () => {
      closing = true;
    },
    onClosed: () => transport?.close?.(),
  });
}
