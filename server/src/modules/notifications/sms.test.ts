import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTwilio, startFakeTwilio, TWILIO_TEST } from '../../../test/fake-twilio';
import { recipientsOf } from '../../../test/smtp-sink';
import { createTestApp } from '../../../test/test-app';
import { withMailingApp } from '../../../test/with-mailing-app';
import { notifications } from '../../db/schema';
import { messageContextOf } from './notification-messages';
import { type MailTransport, runSenderPass } from './send-notifications';
import { createTwilioTransport, SmsRejected, type SmsTransport } from './sms-transport';

const FROM = 'Deal Machine <notify@wholesale.example.com>';

let twilio: FakeTwilio;

const payload = (text: string) => ({
  subject: `Deal Machine: ${text}`,
  text,
  html: `<p>${text}</p>`,
  link: 'https://wholesale.example.com/dealer/dashboard',
  sms: `Deal Machine: ${text} https://wholesale.example.com/dealer/dashboard`,
});
let serial = 0;
async function enqueue(channel: 'email' | 'sms', recipient: string, text = 'Counter offer $21,500') {
  serial++;
  const [row] = await ctx.db
    .insert(notifications)
    .values({
      event: 'counter_sent',
      recipient,
      channel,
      payload: payload(text),
      idempotencyKey: `counter_sent:${serial}:${recipient}:${channel}`,
    })
    .returning();
  return row!;
}
const rowOf = async (id: number) =>
  (await ctx.db.select().from(notifications).where(eq(notifications.id, id)))[0]!;
const sms = () => createTwilioTransport(ctx.config.sms!);
/** One sender pass with these texts' transport (and the e-mail one). */
const pass = (texts: SmsTransport | null, mail: MailTransport | null = ctx.transport) =>
  runSenderPass(ctx.db, mail, { from: FROM, messages: messageContextOf(ctx.config), sms: texts });

beforeAll(async () => {
  twilio = await startFakeTwilio();
});
afterAll(() => twilio.close());
const ctx = withMailingApp({
  accounts: false,
  mailFrom: FROM,
  env: () => twilio.env(),
  emptyOutboxEachTest: true,
});
beforeEach(() => {
  twilio.messages.length = 0;
});

describe('SMS through the Twilio Messages API (a fake speaking its wire format)', () => {
  it('delivers an sms row with the right To, From, Body and credentials and records Twilio’s answer', async () => {
    const row = await enqueue('sms', '(555) 210-0100');
    expect(await pass(sms())).toEqual({
      sent: 1,
      failed: 0,
      dead: 0,
      suppressed: 0,
    });
    expect(twilio.messages).toEqual([
      {
        sid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
        to: '+15552100100',
        from: TWILIO_TEST.from,
        body: 'Deal Machine: Counter offer $21,500 https://wholesale.example.com/dealer/dashboard',
      },
    ]);
    const sent = await rowOf(row.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null });
    expect(sent.providerAnswer).toBe(`201 ${twilio.messages[0]!.sid} queued`);
    expect(sent.sentAt).not.toBeNull();
    // A text never goes to the SMTP server.
    expect(ctx.sink.messages).toHaveLength(0);
  });

  it('records a 401 (wrong auth token) as a failure with Twilio’s code and retries it later', async () => {
    const row = await enqueue('sms', '+15552100100');
    const wrongToken = createTwilioTransport({ ...ctx.config.sms!, authToken: 'not-the-right-token-at-all' });
    expect(await pass(wrongToken)).toMatchObject({
      failed: 1,
    });
    const failed = await rowOf(row.id);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 1,
      providerAnswer: 'Twilio 401 20003: Authenticate',
    });
    // The token is never part of what is recorded.
    expect(failed.providerAnswer).not.toContain('not-the-right-token');
    // Retried after a minute (the first backoff step).
    expect(failed.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(twilio.messages).toHaveLength(0);

    // With the configuration fixed, the retry goes out.
    await ctx.db.update(notifications).set({ nextAttemptAt: sql`now()` }).where(eq(notifications.id, row.id));
    expect(await pass(sms())).toMatchObject({ sent: 1 });
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives up at once on a number Twilio refuses (400 / 21211), but retries a 503', async () => {
    const invalid = await enqueue('sms', '+15550000000');
    twilio.failNext(400, 21211, "The 'To' number +15550000000 is not a valid phone number.");
    expect(await pass(sms())).toMatchObject({ dead: 1 });
    expect(await rowOf(invalid.id)).toMatchObject({
      status: 'dead',
      attempts: 1,
      providerAnswer: "Twilio 400 21211: The 'To' number +15550000000 is not a valid phone number.",
    });

    const busy = await enqueue('sms', '+15552100101');
    twilio.failNext(503, 20500, 'Service unavailable');
    expect(await pass(sms())).toMatchObject({
      failed: 1,
    });
    expect(await rowOf(busy.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      providerAnswer: 'Twilio 503 20500: Service unavailable',
    });
  });

  it('the fake checks like Twilio: a To that is not E.164 is 400 / 21211, and the transport says it is permanent', async () => {
    const refused = await sms()
      .send({ to: '555-0100', body: 'hello' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SmsRejected);
    expect((refused as SmsRejected).message).toBe(
      "Twilio 400 21211: The 'To' number 555-0100 is not a valid phone number.",
    );
    expect((refused as SmsRejected).permanent).toBe(true);
  });

  it('a phone on file that cannot be texted is dead without asking Twilio', async () => {
    const row = await enqueue('sms', 'front desk, ext 4');
    const before = twilio.requests;
    expect(await pass(sms())).toMatchObject({ dead: 1 });
    expect(twilio.requests).toBe(before);
    expect((await rowOf(row.id)).providerAnswer).toBe(
      'not a phone number that can be texted: front desk, ext 4',
    );
  });

  it('an unreachable Twilio is a retried failure, bounded by the timeout', async () => {
    const row = await enqueue('sms', '+15552100100');
    const nowhere = createTwilioTransport({
      ...ctx.config.sms!,
      apiBase: 'http://127.0.0.1:9',
      timeoutMs: 2000,
    });
    expect(await pass(nowhere)).toMatchObject({
      failed: 1,
    });
    expect((await rowOf(row.id)).providerAnswer).toMatch(/^Twilio unreachable: /);
  });

  it('without SMS configured, sms rows are suppressed and e-mail still goes out (and the other way round)', async () => {
    const text = await enqueue('sms', '+15552100100');
    const email = await enqueue('email', 'pat@testmotors.example');
    expect(await pass(null)).toEqual({
      sent: 1,
      failed: 0,
      dead: 0,
      suppressed: 1,
    });
    expect(await rowOf(text.id)).toMatchObject({ status: 'suppressed', providerAnswer: 'no transport' });
    expect(await rowOf(email.id)).toMatchObject({ status: 'sent' });
    expect(ctx.sink.messages.map(recipientsOf)).toEqual([['pat@testmotors.example']]);

    await ctx.db.delete(notifications);
    const text2 = await enqueue('sms', '+15552100100');
    const email2 = await enqueue('email', 'pat@testmotors.example');
    expect(await pass(sms(), null)).toMatchObject({
      sent: 1,
      suppressed: 1,
    });
    expect(await rowOf(text2.id)).toMatchObject({ status: 'sent' });
    expect(await rowOf(email2.id)).toMatchObject({ status: 'suppressed', providerAnswer: 'no transport' });
  });
});

describe('the app’s own sender with TWILIO_* set', () => {
  it('texts a queued sms row by itself', async () => {
    const app = await createTestApp({ env: { ...twilio.env(), NOTIFICATION_INTERVAL_MS: '100' } });
    try {
      await app.db.insert(notifications).values({
        event: 'offer_expiring',
        recipient: '+15552100177',
        channel: 'sms',
        payload: payload('Your offer expires in 2 hours'),
        idempotencyKey: 'offer_expiring:1:+15552100177:sms',
      });
      const deadline = Date.now() + 10_000;
      while (twilio.messages.length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(twilio.messages.map((m) => m.to)).toEqual(['+15552100177']);
    } finally {
      await app.close();
    }
  });
});
