import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { insertBuyCodeRow, insertDealer, insertVehicle } from '../../../test/factories';
import { buyNow, dealerWithCode, makeOffer, nextAddress, soldMessage } from '../../../test/helpers';
import { requestsAs, signIn, signInAdmin, TEST_ACCOUNTS } from '../../../test/sessions';
import { recipientsOf, startSmtpSink } from '../../../test/smtp-sink';
import { createBootstrappedApp } from '../../../test/test-app';
import { withMailingApp } from '../../../test/with-mailing-app';
import { notifications } from '../../db/schema';
import { enqueueNotifications } from './enqueue-notifications';
import { messageContextOf } from './notification-messages';
import { renderPayload } from './render-message';
import { SENDER_BATCH_SIZE } from './schedule-notification-sender';
import { createMailTransport, runSenderPass } from './send-notifications';

const ORIGIN = 'https://wholesale.example.com';
const FROM = 'Deal Machine <notify@wholesale.example.com>';

/** One pass of the sender, as every instance runs it, against the real SMTP server. */
const pass = () =>
  runSenderPass(ctx.db, ctx.transport, { from: FROM, messages: messageContextOf(ctx.config) });
const rows = () => ctx.db.select().from(notifications).orderBy(notifications.id);
const mailTo = (address: string) => ctx.sink.messages.filter((m) => recipientsOf(m).includes(address));

// The tests run the sender's passes themselves.
const ctx = withMailingApp({
  mailFrom: FROM,
  publicOrigin: ORIGIN,
  emptyOutboxEachTest: true,
  signIn: ['admin'],
});

describe('e-mail notifications through the outbox and a real SMTP server', () => {
  it('a Buy Now mails every admin and sends the receipt to the dealer’s main and billing contacts', async () => {
    const vehicle = await insertVehicle(ctx.db, {
      price: '21450.00',
      year: 2021,
      make: 'Toyota',
      model: 'Camry',
    });
    const { dealer, code } = await dealerWithCode(ctx.db);
    const bought = await buyNow(ctx.app, code, vehicle.id);
    expect(bought.statusCode).toBe(200);
    const { transactionId } = bought.json() as { transactionId: number };

    // Nothing is sent from the request: the messages wait in the outbox.
    expect(ctx.sink.messages).toHaveLength(0);
    expect((await rows()).map((r) => [r.event, r.recipient, r.status])).toEqual([
      ['vehicle_sold', TEST_ACCOUNTS.adminEmail, 'queued'],
      ['purchase_receipt', dealer.email, 'queued'],
      ['purchase_receipt', dealer.billingContactEmail, 'queued'],
    ]);

    expect(await pass()).toEqual({ sent: 3, failed: 0, dead: 0, suppressed: 0 });
    expect(ctx.sink.messages).toHaveLength(3);

    const [toAdmin] = mailTo(TEST_ACCOUNTS.adminEmail);
    expect(toAdmin!.subject).toBe('Deal Machine: Sold by Buy Now: 2021 Toyota Camry for $21,450');
    expect(toAdmin!.text).toContain(`${dealer.dealerName} bought it with Buy Now for $21,450`);
    expect(toAdmin!.text).toContain(`VIN ${vehicle.vin}`);
    expect(toAdmin!.text).toContain(`${ORIGIN}/admin?tab=transactions`);
    expect(toAdmin!.from?.value).toEqual([{ name: 'Deal Machine', address: 'notify@wholesale.example.com' }]);

    for (const address of [dealer.email, dealer.billingContactEmail]) {
      const [receipt] = mailTo(address);
      expect(receipt!.subject).toBe('Deal Machine: Receipt: 2021 Toyota Camry for $21,450');
      expect(receipt!.text).toContain('You bought this vehicle for $21,450');
      expect(receipt!.text).toContain(`VIN ${vehicle.vin}`);
      // The link opens the sale itself in the dashboard's Purchases section.
      expect(receipt!.text).toContain(`${ORIGIN}/dealer/dashboard/purchases#sale-${transactionId}`);
      expect(receipt!.html).toContain(`href="${ORIGIN}/dealer/dashboard/purchases#sale-${transactionId}"`);
      expect(receipt!.messageId).toMatch(/^<[0-9a-f]{32}@wholesale\.example\.com>$/);
    }
    expect(mailTo(dealer.titleContactEmail)).toHaveLength(0);

    // The admin's log shows what was sent and what the SMTP server answered.
    const log = await ctx.call('GET', '/api/notifications?limit=10');
    expect(log.statusCode).toBe(200);
    expect(log.json().items).toHaveLength(3);
    expect(log.json().total).toBe(3);
    for (const entry of log.json().items) {
      expect(entry).toMatchObject({ status: 'sent', attempts: 1, channel: 'email' });
      expect(entry.providerAnswer).toMatch(/^250 /);
      expect(entry.sentAt).not.toBeNull();
    }
    expect(log.json().items[0].id).toBeGreaterThan(log.json().items[2].id);
  });

  it('an admin counter reaches the dealer’s main contact with the counter amount, escaped in HTML', async () => {
    const vehicle = await insertVehicle(ctx.db, { price: '23000.00' });
    const { dealer, code } = await dealerWithCode(ctx.db);
    const created = await makeOffer(ctx.app, vehicle.id, code, { amount: '20000' });
    expect(created.statusCode).toBe(201);
    const countered = await ctx.call('PATCH', `/api/offers/${created.json().id}`, {
      status: 'countered',
      counterAmount: '21500.50',
      counterMessage: 'Delivery <included> & detailed',
    });
    expect(countered.statusCode).toBe(200);

    await pass();
    const [offerMail] = mailTo(TEST_ACCOUNTS.adminEmail);
    expect(offerMail!.subject).toContain('New offer of $20,000');
    const counterMails = mailTo(dealer.email);
    expect(counterMails).toHaveLength(1);
    const mail = counterMails[0] as ParsedMail;
    expect(mail.subject).toContain('Counter offer of $21,500.50');
    expect(mail.text).toContain('We answered your offer of $20,000 with a counter offer of $21,500.50.');
    expect(mail.text).toContain('Message: Delivery <included> & detailed');
    expect(mail.html).toContain('Delivery &lt;included&gt; &amp; detailed');
    expect(mail.text).toContain(`VIN ${vehicle.vin}`);
    expect(mailTo(dealer.billingContactEmail)).toHaveLength(0);
  });

  it('a refused Buy Now rolls back and enqueues nothing; a replayed one enqueues nothing more', async () => {
    const sold = await insertVehicle(ctx.db, { status: 'sold' });
    const { code } = await dealerWithCode(ctx.db);
    expect((await buyNow(ctx.app, code, sold.id)).statusCode).toBe(409); // sold is public: told for any code (ADR 0018)
    const listed = await insertVehicle(ctx.db);
    expect((await buyNow(ctx.app, 'ZZZZ', listed.id)).statusCode).toBe(400);
    expect(await rows()).toEqual([]);

    const headers = { 'idempotency-key': 'notify-replay-0001' };
    const payload = { code, vehicleId: listed.id };
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/verify-code', payload, headers });
      expect(res.statusCode).toBe(200);
    }
    expect(await rows()).toHaveLength(3);
  });

  it('a failed delivery is retried after a minute, and sent exactly once when the server is back', async () => {
    const vehicle = await insertVehicle(ctx.db);
    const { code } = await dealerWithCode(ctx.db);
    expect((await buyNow(ctx.app, code, vehicle.id)).statusCode).toBe(200);
    const port = ctx.sink.port;
    await ctx.sink.close();

    const before = Date.now();
    expect(await pass()).toEqual({ sent: 0, failed: 3, dead: 0, suppressed: 0 });
    const after = Date.now();
    for (const row of await rows()) {
      expect(row).toMatchObject({ status: 'failed', attempts: 1, lockedUntil: null });
      expect(row.providerAnswer).toMatch(/ECONNREFUSED|connect/i);
      // One minute after the failure (PGlite's now() is this process's clock).
      expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 60_000 - 1000);
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + 60_000 + 1000);
    }
    // Not due yet: a pass leaves them alone.
    expect(await pass()).toEqual({ sent: 0, failed: 0, dead: 0, suppressed: 0 });

    ctx.sink = await startSmtpSink(port, ctx.sink.messages);
    await ctx.db.update(notifications).set({ nextAttemptAt: sql`now()` });
    expect(await pass()).toEqual({ sent: 3, failed: 0, dead: 0, suppressed: 0 });
    expect(await pass()).toEqual({ sent: 0, failed: 0, dead: 0, suppressed: 0 });
    expect(ctx.sink.messages).toHaveLength(3);
    expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it('the eighth failure is dead; an admin resend queues it again', async () => {
    const vehicle = await insertVehicle(ctx.db);
    const { code } = await dealerWithCode(ctx.db);
    expect((await buyNow(ctx.app, code, vehicle.id)).statusCode).toBe(200);
    await ctx.db.update(notifications).set({ status: 'failed', attempts: 7 });
    const dead = createMailTransport('smtp://127.0.0.1:9');
    expect(
      await runSenderPass(ctx.db, dead, { from: FROM, messages: messageContextOf(ctx.config) }),
    ).toMatchObject({ dead: 3 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'dead', attempts: 8 });

    const resent = await ctx.call('POST', `/api/notifications/${row!.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ status: 'queued', attempts: 0 });
    await pass();
    expect(ctx.sink.messages).toHaveLength(1);
    expect((await ctx.call('POST', `/api/notifications/${row!.id}/resend`)).statusCode).toBe(409);
    expect((await ctx.call('POST', '/api/notifications/999999/resend')).statusCode).toBe(404);
  });

  it('two sender passes started together send each message once', async () => {
    for (let i = 0; i < 3; i++) {
      const vehicle = await insertVehicle(ctx.db);
      const { code } = await dealerWithCode(ctx.db);
      expect((await buyNow(ctx.app, code, vehicle.id)).statusCode).toBe(200);
    }
    const [a, b] = await Promise.all([pass(), pass()]);
    expect(a!.sent + b!.sent).toBe(9);
    expect(ctx.sink.messages).toHaveLength(9);
    expect(new Set(ctx.sink.messages.map((m) => m.messageId)).size).toBe(9);
    expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('reclaims a row whose sender died mid-send, and ignores a claim still held', async () => {
    const vehicle = await insertVehicle(ctx.db);
    const { code } = await dealerWithCode(ctx.db);
    expect((await buyNow(ctx.app, code, vehicle.id)).statusCode).toBe(200);
    const [first, second] = await rows();
    await ctx.db
      .update(notifications)
      .set({ status: 'sending', lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(notifications.id, first!.id));
    await ctx.db
      .update(notifications)
      .set({ status: 'sending', lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(notifications.id, second!.id));
    expect(await pass()).toMatchObject({ sent: 2 });
    const byId = new Map((await rows()).map((r) => [r.id, r.status]));
    expect(byId.get(first!.id)).toBe('sent');
    expect(byId.get(second!.id)).toBe('sending');
  });

  it('a dealer’s answer to a counter reaches every admin', async () => {
    const vehicle = await insertVehicle(ctx.db, { year: 2019, make: 'Ford', model: 'F-150' });
    const { dealer, code } = await dealerWithCode(ctx.db);
    const created = await makeOffer(ctx.app, vehicle.id, code, { amount: '18000' });
    const offerId = created.json().id;
    expect(
      (await ctx.call('PATCH', `/api/offers/${offerId}`, { status: 'countered', counterAmount: '19000' }))
        .statusCode,
    ).toBe(200);
    const dealerCookie = await signIn(
      ctx.app,
      'dealer',
      { dealerName: dealer.dealerName, buyCode: code },
      nextAddress(),
    );
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/dealer/offers/${offerId}/respond`,
      payload: { action: 'decline' },
      headers: { cookie: dealerCookie },
    });
    expect(answer.statusCode).toBe(200);
    await pass();
    const toAdmin = mailTo(TEST_ACCOUNTS.adminEmail).map((m) => m.subject);
    expect(toAdmin).toContain(`Deal Machine: ${dealer.dealerName} declined the counter of $19,000`);
    expect((await rows()).map((r) => r.event)).toEqual([
      'offer_received',
      'counter_sent',
      'counter_declined',
    ]);
  });

  it('the admin endpoints are for admins only', async () => {
    expect((await ctx.app.inject('/api/notifications')).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/notifications?status=bogus')).statusCode).toBe(400);
    expect((await ctx.call('GET', '/api/notifications?cursor=bogus')).statusCode).toBe(400);
  });
});

describe('what the outbox keeps', () => {
  it('a template and its facts, rendered with the brand and origin when sent and when shown', async () => {
    const vehicle = await insertVehicle(ctx.db, { price: '9900.00', year: 2017, make: 'Kia', model: 'Soul' });
    const { dealer, code } = await dealerWithCode(ctx.db);
    expect((await buyNow(ctx.app, code, vehicle.id)).statusCode).toBe(200);
    const [sold] = await rows();
    // No brand, no origin, no rendered text: the facts the message names, the vehicle's and no more.
    expect(sold!.payload).toEqual({
      template: 'vehicle_sold',
      facts: {
        vehicle: {
          id: vehicle.id,
          year: 2017,
          make: 'Kia',
          model: 'Soul',
          vin: vehicle.vin,
          price: '9900.00',
        },
        dealerName: dealer.dealerName,
        amount: '9900.00',
        transactionId: expect.any(Number),
      },
    });
    const log = await ctx.call('GET', '/api/notifications?limit=10');
    expect(log.json().items.find((n: { id: number }) => n.id === sold!.id)).toMatchObject({
      subject: 'Deal Machine: Sold by Buy Now: 2017 Kia Soul for $9,900',
      link: `${ORIGIN}/admin?tab=transactions`,
    });
  });

  it('the log shows the subject and link the sender renders, without rendering the bodies', async () => {
    const vehicle = await insertVehicle(ctx.db, {
      price: '12500.00',
      year: 2020,
      make: 'Ford',
      model: 'Escape',
    });
    const { code } = await dealerWithCode(ctx.db);
    expect((await buyNow(ctx.app, code, vehicle.id)).statusCode).toBe(200);
    // A template laid out by compose (the sale's) and one with its own render (a password reset).
    await ctx.db.insert(notifications).values({
      event: 'password_reset',
      recipient: 'member@example.com',
      payload: { template: 'password_reset', facts: { name: 'Ana', token: 'reset-token-1' } },
      idempotencyKey: 'password_reset:test:member@example.com:email',
    });
    const written = await rows();
    const log = await ctx.call('GET', '/api/notifications?limit=10');
    const shown = log.json().items as { id: number; subject: string; link: string }[];
    expect(shown).toHaveLength(written.length);
    for (const row of written) {
      const { subject, link } = renderPayload(messageContextOf(ctx.config), row.payload);
      expect(shown.find((n) => n.id === row.id)).toMatchObject({ subject, link });
    }
    expect(shown.map((n) => n.subject)).toContain('Deal Machine: Reset your password');
    expect(shown.map((n) => n.subject)).toContain(
      'Deal Machine: Sold by Buy Now: 2020 Ford Escape for $12,500',
    );
  });

  it('a page of 100 is compressed in one call (its length known), not through a stream', async () => {
    await ctx.db.insert(notifications).values(
      Array.from({ length: 100 }, (_, i) => ({
        event: 'counter_sent',
        recipient: `dealer${i}@example.com`,
        payload: {
          template: 'password_reset',
          facts: { name: `Dealer number ${i}`, token: `reset-token-${i}` },
        },
        idempotencyKey: `page-of-100:${i}`,
      })),
    );
    const plain = await ctx.call('GET', '/api/notifications?limit=100');
    // Past the compression plugin's own default on two cores (8 kB), within the app's 64 kB.
    expect(plain.rawPayload.length).toBeGreaterThan(16 * 1024);
    const gz = await ctx.app.inject({
      url: '/api/notifications?limit=100',
      headers: { cookie: ctx.admin, 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('a row written before templates (its texts rendered) is sent and shown as it was written', async () => {
    const dealer = await insertDealer(ctx.db);
    const written = {
      subject: 'Deal Machine: Counter offer of $21,500 on 2019 Honda Civic',
      text: 'We answered your offer of $20,000 with a counter offer of $21,500.',
      html: '<!doctype html><html><body><p>We answered your offer.</p></body></html>',
      link: `${ORIGIN}/dealer/dashboard#offers-title`,
      sms: `Deal Machine: Counter offer $21,500 ${ORIGIN}/dealer/dashboard#offers-title`,
    };
    const [row] = await ctx.db
      .insert(notifications)
      .values({
        event: 'counter_sent',
        recipient: dealer.email,
        payload: { ...written, dealerId: dealer.id, contact: 'main' },
        idempotencyKey: `counter_sent:1:${dealer.email}:email`,
      })
      .returning();
    expect(await pass()).toMatchObject({ sent: 1 });
    const [mail] = mailTo(dealer.email);
    expect(mail!.subject).toBe(written.subject);
    expect(mail!.text).toContain(written.text);
    expect(mail!.html).toContain('<p>We answered your offer.</p>');
    const log = await ctx.call('GET', '/api/notifications?limit=10');
    expect(log.json().items.find((n: { id: number }) => n.id === row!.id)).toMatchObject({
      subject: written.subject,
      link: written.link,
    });
  });

  it('a template this version does not know fails and is retried, and the log names it', async () => {
    const [row] = await ctx.db
      .insert(notifications)
      .values({
        event: 'vehicle_sold',
        recipient: TEST_ACCOUNTS.adminEmail,
        payload: { template: 'from_a_newer_version', facts: {} },
        idempotencyKey: `vehicle_sold:1:${TEST_ACCOUNTS.adminEmail}:email`,
      })
      .returning();
    expect(await pass()).toMatchObject({ failed: 1 });
    expect(ctx.sink.messages).toHaveLength(0);
    const [failed] = await rows();
    expect(failed).toMatchObject({
      status: 'failed',
      providerAnswer: 'No message template named from_a_newer_version',
    });
    const log = await ctx.call('GET', '/api/notifications?limit=10');
    expect(log.json().items.find((n: { id: number }) => n.id === row!.id)).toMatchObject({
      subject: 'No message template named from_a_newer_version',
      link: '',
    });
  });
});

describe('the scheduled sender', () => {
  it('delivers queued messages on its own and stops when the app closes', async () => {
    const own = await startSmtpSink();
    const app = await createBootstrappedApp({
      env: { SMTP_URL: own.url, MAIL_FROM: FROM, NOTIFICATION_INTERVAL_MS: '100' },
    });
    try {
      const vehicle = await insertVehicle(app.db);
      const dealer = await insertDealer(app.db);
      const code = await insertBuyCodeRow(app.db, { dealerId: dealer.id, code: 'SKED' });
      const res = await buyNow(app.app, code.code, vehicle.id);
      expect(res.statusCode).toBe(200);
      await expect.poll(() => own.messages.length, { timeout: 5000 }).toBe(3);
    } finally {
      await app.close();
      await own.close();
    }
  });
});

describe('a backlog', () => {
  it('drains pass after pass while passes come back full, without waiting for the next interval', async () => {
    // No SMTP_URL: each row becomes suppressed, which takes milliseconds, so only the timer paces it.
    const quiet = await createBootstrappedApp({ env: { NOTIFICATION_INTERVAL_MS: '3000' } });
    try {
      const backlog = SENDER_BATCH_SIZE * 3 + 5;
      await quiet.db.transaction((tx) =>
        enqueueNotifications(
          tx,
          Array.from({ length: backlog }, (_, i) => ({
            event: 'vehicle_sold' as const,
            entityId: i + 1,
            to: [{ admins: true as const }],
            message: soldMessage(i + 1),
          })),
        ),
      );
      const suppressed = async () =>
        (await quiet.db.select().from(notifications).where(eq(notifications.status, 'suppressed'))).length;
      let firstAt = 0;
      await expect
        .poll(
          async () => {
            const n = await suppressed();
            if (n > 0 && !firstAt) firstAt = Date.now();
            return n;
          },
          { timeout: 10_000, interval: 20 },
        )
        .toBe(backlog);
      // Four batches, one tick: at 20 per 3-second tick it would take 9 s more.
      expect(Date.now() - firstAt).toBeLessThan(2000);
    } finally {
      await quiet.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('records messages as suppressed, visible to the admin', async () => {
    const quiet = await createBootstrappedApp({ env: { NOTIFICATION_INTERVAL_MS: '3600000' } });
    try {
      expect(quiet.config.mail).toBeNull();
      const vehicle = await insertVehicle(quiet.db);
      const dealer = await insertDealer(quiet.db);
      const code = await insertBuyCodeRow(quiet.db, { dealerId: dealer.id });
      const res = await buyNow(quiet.app, code.code, vehicle.id);
      expect(res.statusCode).toBe(200);
      expect(
        await runSenderPass(quiet.db, null, { from: '', messages: messageContextOf(quiet.config) }),
      ).toMatchObject({ suppressed: 3 });
      const log = await requestsAs(quiet.app, await signInAdmin(quiet.app))('GET', '/api/notifications');
      expect(
        log.json().items.map((n: { status: string; providerAnswer: string }) => [n.status, n.providerAnswer]),
      ).toEqual([
        ['suppressed', 'no transport'],
        ['suppressed', 'no transport'],
        ['suppressed', 'no transport'],
      ]);
      // Without PUBLIC_ORIGIN, links point at http://HOST:PORT.
      const sold = log.json().items.find((n: { event: string }) => n.event === 'vehicle_sold');
      expect(sold.link).toBe('http://127.0.0.1:3000/admin?tab=transactions');
    } finally {
      await quiet.close();
    }
  });
});
