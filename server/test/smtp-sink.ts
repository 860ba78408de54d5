import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the sink was handed: when, which, and whether it refused it (451, try again later). */
export interface DeliveryAttempt {
  at: number;
  messageId: string | undefined;
  subject: string | undefined;
  refused: boolean;
}

/** What a sink records besides the accepted messages; pass it on to a restarted sink to keep one log. */
export interface SinkLog {
  /** `arrivals[i]` is Date.now() when `messages[i]` was accepted. */
  arrivals: number[];
  attempts: DeliveryAttempt[];
}

/**
 * A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps every message it accepts, parsed.
 * Given a port, it listens there again: a test can stop the "mail provider" and bring it back.
 * `refuse(true)` makes it answer each message with a temporary failure (451 after DATA, as a
 * provider in trouble does) until `refuse(false)`; every message handed over is in `attempts`.
 */
export async function startSmtpSink(
  port = 0,
  messages: ParsedMail[] = [],
  log: SinkLog = { arrivals: [], attempts: [] },
) {
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No reverse DNS of 127.0.0.1 per connection: the sink measures the app, not the resolver.
    disableReverseLookup: true,
    // Stopping the "provider" drops open (pooled) client connections at once, as a crashed server would.
    closeTimeout: 100,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const refused = refusing;
          log.attempts.push({ at: Date.now(), messageId: mail.messageId, subject: mail.subject, refused });
          if (refused) {
            const error = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
            error.responseCode = 451;
            return callback(error);
          }
          messages.push(mail);
          log.arrivals.push(Date.now());
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    messages,
    ...log,
    log,
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    refuse: (value: boolean) => {
      refusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The addresses a parsed message was sent to. */
export const recipientsOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));

/** How often each value occurs more than once (an empty object: no duplicates). */
export function duplicatesOf(values: (string | undefined)[]) {
  const seen = new Map<string, number>();
  for (const v of values) seen.set(String(v), (seen.get(String(v)) ?? 0) + 1);
  return Object.fromEntries([...seen].filter(([, n]) => n > 1));
}
