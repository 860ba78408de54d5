import { afterAll, beforeAll, beforeEach } from 'vitest';
import { notifications } from '../src/db/schema';
import { createMailTransport, type MailTransport } from '../src/modules/notifications/send-notifications';
import { type SmtpSink, startSmtpSink } from './smtp-sink';
import { type AppFixture, type WithAppOptions, withApp } from './with-app';

export interface MailingAppFixture extends AppFixture {
  /** The SMTP server the app mails through: every message it took. A test that stops it sets the new one. */
  sink: SmtpSink;
  /** A transport to that server, for tests that run the sender's passes themselves. */
  readonly transport: MailTransport;
}

/**
 * withApp mailing through a real SMTP server (a sink on 127.0.0.1) from `mailFrom`. The app's own
 * sender timer is pushed out of the way: the tests run the passes when they choose. The sink starts
 * before the app and stops after it.
 */
export function withMailingApp(
  options: Omit<WithAppOptions, 'env'> & {
    mailFrom: string;
    publicOrigin?: string;
    env?: () => Record<string, string>;
    /** Before each test, empty the outbox (the notifications table) and forget what the sink took. */
    emptyOutboxEachTest?: boolean;
  },
): MailingAppFixture {
  const { mailFrom, publicOrigin, env, emptyOutboxEachTest = false, ...appOptions } = options;
  let sink: SmtpSink | undefined;
  let transport: MailTransport | undefined;
  const started = <T>(value: T | undefined) => {
    if (value === undefined) throw new Error('withMailingApp: read before the app started');
    return value;
  };
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink?.close());
  const app = withApp({
    ...appOptions,
    env: () => ({
      SMTP_URL: sink!.url,
      MAIL_FROM: mailFrom,
      ...(publicOrigin ? { PUBLIC_ORIGIN: publicOrigin } : {}),
      NOTIFICATION_INTERVAL_MS: '3600000',
      ...env?.(),
    }),
  });
  beforeAll(() => {
    transport = createMailTransport(sink!.url);
  });
  afterAll(() => transport?.close?.());
  if (emptyOutboxEachTest)
    beforeEach(async () => {
      await app.db.delete(notifications);
      started(sink).messages.length = 0;
    });

  return Object.create(app, {
    sink: {
      get: () => started(sink),
      set: (restarted: SmtpSink) => {
        sink = restarted;
      },
    },
    transport: { get: () => started(transport) },
  });
}
