import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { MessageContext } from './notification-messages';
import { createMailTransport, runSenderPass } from './send-notifications';
import { createTwilioTransport } from './sms-transport';
import type { UnsubscribeLinks } from './unsubscribe-links';

/** Rows one pass claims; a pass that claimed this many is followed at once by another. */
export const SENDER_BATCH_SIZE = 20;

/**
 * Every instance sends (e-mail over SMTP_URL, texts through Twilio when TWILIO_* is set): a pass
 * every few seconds (rows are claimed with SKIP LOCKED, so instances share the work), and while
 * passes come back full, the next one at once, so a backlog drains at the speed of the providers
 * rather than 20 messages per interval. A failed pass is a warning; the timer does not keep the
 * process alive, and closing the app waits for the pass under way (and stops draining) before
 * closing the SMTP transport.
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
  let running: Promise<void> | null = null;
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
  const pass = () => {
    if (running) return;
    running = drain()
      .catch((error: unknown) => app.log.warn({ err: error }, 'notification sender pass failed'))
      .finally(() => {
        running = null;
      });
  };
  const every = setInterval(pass, intervalMs);
  every.unref();
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(every);
    await running;
    transport?.close?.();
  });
}
