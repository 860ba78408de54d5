import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createMailTransport, runSenderPass } from './send-notifications';

/**
 * Every instance sends: a pass every few seconds (rows are claimed with SKIP LOCKED, so instances
 * share the work). A failed pass is a warning; the timer does not keep the process alive, and
 * closing the app waits for a pass under way before closing the SMTP transport.
 */
export function scheduleNotificationSender(
  app: FastifyInstance,
  db: Database,
  mail: Config['mail'],
  intervalMs: number,
  retryBaseMs?: number,
) {
  const transport = mail ? createMailTransport(mail.smtpUrl) : null;
  const from = mail?.from ?? '';
  let running: Promise<void> | null = null;
  const pass = () => {
    if (running) return;
    running = runSenderPass(db, transport, { from, retryBaseMs })
      .then(
        (result) => {
          if (result.failed || result.dead) app.log.warn({ result }, 'some notifications were not sent');
        },
        (error: unknown) => app.log.warn({ err: error }, 'notification sender pass failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  const every = setInterval(pass, intervalMs);
  every.unref();
  app.addHook('onClose', async () => {
    clearInterval(every);
    await running;
    transport?.close?.();
  });
}
