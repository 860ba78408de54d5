import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test credentials the fake accepts (the SID has Twilio's shape: AC + 32 hex digits). */
export const TWILIO_TEST = {
  accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
  authToken: 'test-auth-token-0123456789abcdef',
  from: '+15550100199',
};

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
}

/**
 * A fake Twilio Messages API on 127.0.0.1 that checks requests as the real one does: the path
 * `/2010-04-01/Accounts/{SID}/Messages.json`, HTTP Basic auth SID:token (401 code 20003
 * otherwise), a form-encoded body with `To`, `From` and `Body` (400 code 21211 for a `To` that
 * is not E.164, 21602 without a body, 21604 without `To`). A created message answers 201 with
 * Twilio's JSON and is recorded in `messages`. `failNext(status, code, message)` makes the next
 * requests fail like the real service can (e.g. 503 or 429), `requests` counts every attempt.
 */
export async function startFakeTwilio() {
  const messages: FakeTwilioMessage[] = [];
  const failures: { status: number; code: number; message: string }[] = [];
  let requests = 0;
  const error = (res: ServerResponse, status: number, code: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }),
    );
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const server = createServer(async (req, res) => {
    requests++;
    const body = await readBody(req);
    const path = `/2010-04-01/Accounts/${TWILIO_TEST.accountSid}/Messages.json`;
    if (req.method !== 'POST' || req.url !== path) {
      return error(res, 404, 20404, `The requested resource ${req.url} was not found`);
    }
    const expected = `Basic ${Buffer.from(`${TWILIO_TEST.accountSid}:${TWILIO_TEST.authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return error(res, 401, 20003, 'Authenticate');
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return error(res, 400, 20001, 'Content-Type must be application/x-www-form-urlencoded');
    }
    const failure = failures.shift();
    if (failure) return error(res, failure.status, failure.code, failure.message);
    const form = new URLSearchParams(body);
    const to = form.get('To');
    const from = form.get('From');
    const text = form.get('Body');
    if (!to) return error(res, 400, 21604, "A 'To' phone number is required.");
    if (!/^\+[1-9]\d{7,14}$/.test(to)) {
      return error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    if (from !== TWILIO_TEST.from) {
      return error(
        res,
        400,
        21606,
        `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
      );
    }
    if (!text) return error(res, 400, 21602, 'Message body is required.');
    const sid = `SM${randomBytes(16).toString('hex')}`;
    messages.push({ sid, to, from, body: text });
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        sid,
        account_sid: TWILIO_TEST.accountSid,
        to,
        from,
        body: text,
        status: 'queued',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${TWILIO_TEST.accountSid}/Messages/${sid}.json`,
      }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    messages,
    baseUrl: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    failNext(status: number, code: number, message: string, times = 1) {
      for (let i = 0; i < times; i++) failures.push({ status, code, message });
    },
    /** The env that points the app at this fake. */
    env: (overrides: Record<string, string> = {}) => ({
      TWILIO_ACCOUNT_SID: TWILIO_TEST.accountSid,
      TWILIO_AUTH_TOKEN: TWILIO_TEST.authToken,
      TWILIO_FROM: TWILIO_TEST.from,
      TWILIO_API_BASE: `http://127.0.0.1:${port}`,
      ...overrides,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;
