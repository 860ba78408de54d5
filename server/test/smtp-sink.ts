import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One RCPT TO the sink answered: when, for whom, and whether it refused it (451, try later). */
export interface RcptAttempt {
  at: number;
  to: string;
  refused: boolean;
}

/**
 * A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps every message it accepts, parsed,
 * with the time it accepted it (`arrivals[i]` is `Date.now()` when `messages[i]` was accepted).
 * Given a port, it listens there again: a test can stop the "mail provider" and bring it back.
 * `refuse(true)` makes it answer every recipient with a temporary failure (451) until `refuse(false)`,
 * as a provider in trouble does; every RCPT TO is recorded in `attempts`.
 */
export async function startSmtpSink(port = 0, messages: ParsedMail[] = [], arrivals: number[] = []) {
  let refusing = false;
  const attempts: RcptAttempt[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      attempts.push({ at: Date.now(), to: address.address, refused: refusing });
      if (!refusing) return callback();
      const error = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
      error.responseCode = 451;
      callback(error);
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          arrivals.push(Date.now());
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
    arrivals,
    attempts,
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
