import type { Config } from '../../config';

/** What the sender needs from an SMS provider: send one text, answer with the provider's words. */
export interface SmsTransport {
  send(message: { to: string; body: string }): Promise<{ response: string }>;
}

/**
 * A refused text. `permanent`: the message itself can never be delivered (the number is not a
 * valid mobile number, the recipient replied STOP, the body is empty or too long); such a row goes
 * straight to `dead` instead of being retried for hours. Everything else (bad credentials, an
 * unusable sender number, rate limits, 5xx, timeouts) is retried with backoff: an operator can fix
 * the configuration and the queued messages still go out.
 */
export class SmsRejected extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SmsRejected';
  }
}

/**
 * Twilio error codes about the recipient or the message, never fixed by retrying
 * (https://www.twilio.com/docs/api/errors): 21211 invalid 'To'; 21214 'To' cannot be reached;
 * 21602 body required; 21610 recipient unsubscribed (STOP); 21612 unroutable 'To';
 * 21614 'To' is not a mobile number; 21617 body too long.
 */
export const PERMANENT_TWILIO_CODES = new Set([21211, 21214, 21602, 21610, 21612, 21614, 21617]);

/** Twilio allows 1,600 characters; a longer text is cut rather than refused. */
const MAX_BODY = 1600;

/** A created message `{sid, status: 'queued'}` or an error `{code, message, more_info, status: 400}`. */
interface TwilioAnswer {
  sid?: string;
  status?: string | number;
  code?: number;
  message?: string;
  more_info?: string;
}

/**
 * The Twilio Messages REST API, in its own wire format (no SDK): `POST
 * {base}/2010-04-01/Accounts/{SID}/Messages.json`, HTTP Basic auth SID:token, a form-encoded
 * `To`, `From`, `Body`; 201 with `{sid, status}`, or an error `{code, message, more_info, status}`.
 * The auth token is never part of an answer or an error message.
 */
export function createTwilioTransport(sms: NonNullable<Config['sms']>): SmsTransport {
  const url = `${sms.apiBase}/2010-04-01/Accounts/${encodeURIComponent(sms.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64')}`;
  return {
    async send({ to, body }) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: to, From: sms.from, Body: body.slice(0, MAX_BODY) }).toString(),
          signal: AbortSignal.timeout(sms.timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        const reason =
          error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
            ? `no answer within ${sms.timeoutMs} ms`
            : error instanceof Error
              ? error.cause instanceof Error
                ? error.cause.message
                : error.message
              : String(error);
        throw new SmsRejected(`Twilio unreachable: ${reason}`, false);
      }
      const text = await response.text().catch(() => '');
      let json: TwilioAnswer | null = null;
      try {
        json = text ? (JSON.parse(text) as TwilioAnswer) : null;
      } catch {
        json = null;
      }
      if (response.ok) {
        return { response: `${response.status} ${json?.sid ?? 'no sid'} ${json?.status ?? ''}`.trim() };
      }
      const code = typeof json?.code === 'number' ? json.code : null;
      const message =
        typeof json?.message === 'string' ? json.message : text.slice(0, 200) || response.statusText;
      throw new SmsRejected(
        `Twilio ${response.status}${code ? ` ${code}` : ''}: ${message}`,
        code !== null && PERMANENT_TWILIO_CODES.has(code),
      );
    },
  };
}
