import { dateInZone } from '@contracts/business-days';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertVehicle } from '../../../test/factories';
import { boughtNow, dealerWithCode, madeOffer, nextAddress } from '../../../test/helpers';
import { signIn, TEST_ACCOUNTS } from '../../../test/sessions';
import { recipientsOf } from '../../../test/smtp-sink';
import { withMailingApp } from '../../../test/with-mailing-app';
import { type NotificationPayload, notificationPreferences, notifications, offers } from '../../db/schema';
import { expireOffers } from '../offers/expire-offers';
import { remindExpiringOffers } from '../offers/remind-expiring-offers';
import { MAX_SMS_LENGTH, messageContextOf } from './notification-messages';
import { renderPayload } from './render-message';
import { runSenderPass } from './send-notifications';

/**
 * Every event of issue #16 beyond the first ones (notifications.test.ts): the expiry reminder and
 * the expiry, payment, completion, bill of sale and deactivation reach the contact whose job it is,
 * at a real SMTP server, with the amounts, the time left and the link to act; preferences route
 * channels; a refused change enqueues nothing.
 */
const ORIGIN = 'https://wholesale.example.com';
const FROM = 'Deal Machine <notify@wholesale.example.com>';

const pass = () =>
  runSenderPass(ctx.db, ctx.transport, { from: FROM, messages: messageContextOf(ctx.config) });
const rows = () => ctx.db.select().from(notifications).orderBy(notifications.id);
const rowsOf = async (event: string) => (await rows()).filter((r) => r.event === event);
const mailTo = (address: string) => ctx.sink.messages.filter((m) => recipientsOf(m).includes(address));
/** What the app's 60 s sweep runs, called directly so a test decides when. */
const sweep = async () => {
  await expireOffers(ctx.db);
  return remindExpiringOffers(ctx.db);
};
/** A row's message as the sender renders it (with the app's brand and origin). */
const rendered = (row: { payload: NotificationPayload }) =>
  renderPayload(messageContextOf(ctx.config), row.payload);

const expiresIn = (offerId: number, minutes: number) =>
  ctx.db
    .update(offers)
    .set({ expiresAt: sql`now() + ${minutes} * interval '1 minute'` })
    .where(eq(offers.id, offerId));
const dealerCookie = (dealerName: string, buyCode: string) =>
  signIn(ctx.app, 'dealer', { dealerName, buyCode }, nextAddress());

const ctx = withMailingApp({
  mailFrom: FROM,
  publicOrigin: ORIGIN,
  emptyOutboxEachTest: true,
  signIn: ['admin'],
});

describe('offer expiry', () => {
  it('reminds the dealer’s main contact once per window, two hours before it closes', async () => {
    const vehicle = await insertVehicle(ctx.db, {
      year: 2022,
      make: 'Subaru',
      model: 'Outback',
      price: '27900.00',
    });
    const { dealer, code } = await dealerWithCode(ctx.db);
    const offerId = await madeOffer(ctx.app, vehicle.id, code, { amount: '25000' });

    // 48 h left: not due.
    expect(await sweep()).toBe(0);
    await expiresIn(offerId, 90);
    // Two sweeps, and two more at once (two instances): one reminder.
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    await Promise.all([sweep(), sweep()]);
    const reminders = await rowsOf('offer_expiring');
    expect(reminders.map((r) => [r.recipient, r.channel])).toEqual([[dealer.email, 'email']]);
    expect(reminders[0]!.payload).toMatchObject({ dealerId: dealer.id, contact: 'main' });

    await pass();
    const [mail] = mailTo(dealer.email).filter((m) => m.subject?.includes('expires in'));
    expect(mail!.subject).toMatch(
      /^Deal Machine: Your offer of \$25,000 on 2022 Subaru Outback expires in 1h (29|30)m$/,
    );
    expect(mail!.text).toMatch(
      /Your offer of \$25,000 has not been answered yet: 1h (29|30)m left \(until .+ UTC\)/,
    );
    expect(mail!.text).toContain(`VIN ${vehicle.vin}`);
    expect(mail!.text).toContain('Price $27,900');
    expect(mail!.text).toContain(`${ORIGIN}/vehicle/${vehicle.id}`);
    expect(mail!.html).toContain(`href="${ORIGIN}/vehicle/${vehicle.id}"`);
    expect(mailTo(dealer.billingContactEmail)).toHaveLength(0);

    // A counter opens a new window: 48 h, then its own reminder, naming the counter amount.
    const countered = await ctx.call('PATCH', `/api/offers/${offerId}`, {
      status: 'countered',
      counterAmount: '26500',
    });
    expect(countered.statusCode).toBe(200);
    expect(await sweep()).toBe(0);
    await expiresIn(offerId, 45);
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    expect(await rowsOf('offer_expiring')).toHaveLength(2);
    ctx.sink.messages.length = 0;
    await pass();
    const counterMails = mailTo(dealer.email);
    const reminder = counterMails.find((m) => m.subject?.includes('expires in'));
    expect(reminder!.subject).toMatch(
      /Counter offer of \$26,500 on 2022 Subaru Outback expires in (44|45)m$/,
    );
    expect(reminder!.text).toContain('Our counter offer of $26,500 to your offer of $25,000');
    // The link opens the offer itself in the dashboard's Offers section.
    expect(reminder!.text).toContain(`${ORIGIN}/dealer/dashboard/offers#offer-${offerId}`);
  });

  it('tells the dealer once that an offer expired, whichever read, action or sweep expires it', async () => {
    const vehicle = await insertVehicle(ctx.db, {
      year: 2018,
      make: 'Mazda',
      model: 'CX-5',
      price: '16500.00',
    });
    const { dealer, code } = await dealerWithCode(ctx.db);
    const offerId = await madeOffer(ctx.app, vehicle.id, code, { amount: '15000' });
    await expiresIn(offerId, -1);

    // The admin's offers list expires it, in the same transaction as its message.
    expect((await ctx.call('GET', '/api/offers')).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/offers')).statusCode).toBe(200);
    await sweep();
    const cookie = await dealerCookie(dealer.dealerName, code);
    expect((await ctx.app.inject({ url: '/api/dealer/offers', headers: { cookie } })).statusCode).toBe(200);
    const expired = await rowsOf('offer_expired');
    expect(expired.map((r) => [r.recipient, r.channel])).toEqual([[dealer.email, 'email']]);

    await pass();
    const mails = mailTo(dealer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Deal Machine: Your offer of $15,000 on 2018 Mazda CX-5 expired');
    expect(mails[0]!.text).toContain('Your offer of $15,000 expired without an answer.');
    expect(mails[0]!.text).toContain(`VIN ${vehicle.vin}`);
    expect(mails[0]!.text).toContain(`${ORIGIN}/vehicle/${vehicle.id}`);
    expect((await pass()).sent).toBe(0);
  });

  it('an answer to an expired counter is refused, and the expiry it found is told once', async () => {
    const vehicle = await insertVehicle(ctx.db, {
      year: 2017,
      make: 'Jeep',
      model: 'Wrangler',
      price: '24000.00',
    });
    const { dealer, code } = await dealerWithCode(ctx.db);
    const offerId = await madeOffer(ctx.app, vehicle.id, code, { amount: '21000' });
    expect(
      (await ctx.call('PATCH', `/api/offers/${offerId}`, { status: 'countered', counterAmount: '22750.25' }))
        .statusCode,
    ).toBe(200);
    await expiresIn(offerId, -1);
    await ctx.db.delete(notifications);

    const cookie = await dealerCookie(dealer.dealerName, code);
    for (let i = 0; i < 2; i++) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: `/api/dealer/offers/${offerId}/respond`,
        payload: { action: 'accept' },
        headers: { cookie },
      });
      expect(answer.statusCode).toBe(409);
    }
    // The refused answer enqueued nothing; the expiry (committed on its own) one message.
    expect((await rows()).map((r) => [r.event, r.recipient])).toEqual([['offer_expired', dealer.email]]);
    await pass();
    const [mail] = mailTo(dealer.email);
    expect(mail!.subject).toBe('Deal Machine: The counter offer of $22,750.25 on 2017 Jeep Wrangler expired');
    expect(mail!.text).toContain(
      'Our counter offer of $22,750.25 to your offer of $21,000 expired without an answer.',
    );
  });
});

describe('offers closed by something else', () => {
  it('a sale or a removed listing tells each dealer whose open offer it declined', async () => {
    const car = await insertVehicle(ctx.db, { year: 2019, make: 'Volvo', model: 'XC60', price: '28000.00' });
    const { dealer: bidder, code: bidderCode } = await dealerWithCode(ctx.db);
    const { dealer: buyer, code: buyerCode } = await dealerWithCode(ctx.db);
    const offerId = await madeOffer(ctx.app, car.id, bidderCode, { amount: '26000' });
    expect(
      (await ctx.call('PATCH', `/api/offers/${offerId}`, { status: 'countered', counterAmount: '27000' }))
        .statusCode,
    ).toBe(200);
    await ctx.db.delete(notifications);

    await boughtNow(ctx.app, buyerCode, car.id);
    const declined = await rowsOf('offer_declined');
    expect(declined.map((r) => [r.recipient, r.payload.dealerId])).toEqual([[bidder.email, bidder.id]]);
    expect(mailTo(buyer.email)).toHaveLength(0);
    await pass();
    const [mail] = mailTo(bidder.email);
    expect(mail!.subject).toBe('Deal Machine: Your offer on 2019 Volvo XC60 was declined: vehicle sold');
    expect(mail!.text).toContain(
      'Your offer of $26,000 (our counter offer: $27,000) was declined: vehicle sold.',
    );
    expect(mail!.text).toContain(`Browse the inventory: ${ORIGIN}/inventory`);

    const other = await insertVehicle(ctx.db, { year: 2020, make: 'Nissan', model: 'Rogue' });
    await madeOffer(ctx.app, other.id, bidderCode, { amount: '15000' });
    await ctx.db.delete(notifications);
    const removed = await ctx.call('PATCH', `/api/vehicles/${other.id}`, {
      status: 'removed',
      inQueue: false,
    });
    expect(removed.statusCode).toBe(200);
    const closed = await rowsOf('offer_declined');
    expect(closed.map((r) => [r.recipient, rendered(r).subject])).toEqual([
      [bidder.email, 'Deal Machine: Your offer on 2020 Nissan Rogue was declined: listing removed'],
    ]);
  });
});

describe('transactions', () => {
  it('paid and completed reach the billing contact, once each', async () => {
    const vehicle = await insertVehicle(ctx.db, {
      year: 2020,
      make: 'Kia',
      model: 'Telluride',
      price: '31250.00',
    });
    const { dealer, code } = await dealerWithCode(ctx.db);
    const id = await boughtNow(ctx.app, code, vehicle.id);
    await ctx.db.delete(notifications);

    // Mark paid records the remaining balance; the flag then follows the ledger (no unmarking by hand).
    const payment = {
      method: 'wire',
      reference: 'FED-1',
      receivedOn: dateInZone(new Date(), 'America/New_York'),
    };
    expect((await ctx.call('PATCH', `/api/transactions/${id}`, { isPaid: true, payment })).statusCode).toBe(
      200,
    );
    expect((await ctx.call('PATCH', `/api/transactions/${id}`, { isPaid: false })).statusCode).toBe(409);
    expect((await ctx.call('PATCH', `/api/transactions/${id}`, { isPaid: true })).statusCode).toBe(200);
    expect((await ctx.call('PATCH', `/api/transactions/${id}`, { status: 'completed' })).statusCode).toBe(
      200,
    );
    expect((await ctx.call('PATCH', `/api/transactions/${id}`, { status: 'completed' })).statusCode).toBe(
      200,
    );
    expect((await rows()).map((r) => [r.event, r.recipient])).toEqual([
      ['transaction_paid', dealer.billingContactEmail],
      ['transaction_completed', dealer.billingContactEmail],
    ]);

    expect(await pass()).toMatchObject({ sent: 2 });
    const mails = mailTo(dealer.billingContactEmail);
    const paid = mails.find((m) => m.subject?.includes('Payment received'));
    expect(paid!.subject).toBe('Deal Machine: Payment received: 2020 Kia Telluride, $31,250');
    expect(paid!.text).toContain(`We recorded your payment of $31,250 for transaction #${id}.`);
    const completed = mails.find((m) => m.subject?.includes('completed'));
    expect(completed!.subject).toBe(
      `Deal Machine: Transaction #${id} completed: 2020 Kia Telluride, $31,250`,
    );
    expect(completed!.text).toContain('It is paid in full.');
    for (const mail of [paid!, completed!]) {
      expect(mail.text).toContain(`VIN ${vehicle.vin}`);
      expect(mail.text).toContain(`${ORIGIN}/dealer/dashboard/purchases#sale-${id}`);
      expect(mail.html).toContain(`href="${ORIGIN}/dealer/dashboard/purchases#sale-${id}"`);
    }
    expect(mailTo(dealer.email)).toHaveLength(0);
    expect(mailTo(dealer.titleContactEmail)).toHaveLength(0);
  });

  it('a bill of sale reaches the title contact with a link to its documents and its download link; a refused upload enqueues nothing', async () => {
    const vehicle = await insertVehicle(ctx.db, { year: 2016, make: 'Audi', model: 'A4', price: '14999.99' });
    const { dealer, code } = await dealerWithCode(ctx.db);
    const id = await boughtNow(ctx.app, code, vehicle.id);
    await ctx.db.delete(notifications);
    const boundary = '----events-boundary';
    const upload = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/transactions/${id}/bill-of-sale`,
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="billOfSale"; filename="bos.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: { cookie: ctx.admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    expect((await upload()).statusCode).toBe(200);
    expect((await rows()).map((r) => [r.event, r.recipient])).toEqual([
      ['bill_of_sale_uploaded', dealer.titleContactEmail],
    ]);
    await pass();
    const [mail] = mailTo(dealer.titleContactEmail);
    expect(mail!.subject).toBe('Deal Machine: Bill of sale ready: 2016 Audi A4');
    expect(mail!.text).toContain(`The bill of sale for transaction #${id} ($14,999.99) was uploaded.`);
    expect(mail!.text).toContain(
      `See the bill of sale in your documents: ${ORIGIN}/dealer/dashboard/documents#documents-${id}`,
    );
    expect(mail!.text).toContain(`download it directly: ${ORIGIN}/api/transactions/${id}/bill-of-sale`);
    expect(mailTo(dealer.email)).toHaveLength(0);
    expect(mailTo(dealer.billingContactEmail)).toHaveLength(0);

    // Cancelled: the upload is refused and nothing is enqueued.
    await ctx.db.delete(notifications);
    expect((await ctx.call('PATCH', `/api/transactions/${id}`, { cancelled: true })).statusCode).toBe(200);
    expect((await upload()).statusCode).toBe(409);
    expect((await ctx.call('PATCH', `/api/transactions/${id}`, { isPaid: true })).statusCode).toBe(409);
    expect(await rows()).toEqual([]);
  });
});

describe('dealers', () => {
  it('deactivation reaches the main contact with the offers it declined; each deactivation once', async () => {
    const vehicle = await insertVehicle(ctx.db);
    const { dealer, code } = await dealerWithCode(ctx.db);
    await madeOffer(ctx.app, vehicle.id, code, { amount: '12000' });
    await ctx.db.delete(notifications);

    expect((await ctx.call('PATCH', `/api/dealers/${dealer.id}`, { active: false })).statusCode).toBe(200);
    expect((await ctx.call('PATCH', `/api/dealers/${dealer.id}`, { active: false })).statusCode).toBe(200);
    expect((await rows()).map((r) => [r.event, r.recipient])).toEqual([['dealer_deactivated', dealer.email]]);
    await pass();
    const [mail] = mailTo(dealer.email);
    expect(mail!.subject).toBe(`Deal Machine: Your dealer account ${dealer.dealerName} was deactivated`);
    expect(mail!.text).toContain('its buy codes no longer work');
    expect(mail!.text).toContain('1 open offer was declined.');
    expect(mail!.text).toContain(`${ORIGIN}/`);

    expect((await ctx.call('PATCH', `/api/dealers/${dealer.id}`, { active: true })).statusCode).toBe(200);
    expect((await ctx.call('PATCH', `/api/dealers/${dealer.id}`, { active: false })).statusCode).toBe(200);
    expect(await rowsOf('dealer_deactivated')).toHaveLength(2);
    expect((await ctx.call('PATCH', '/api/dealers/999999', { active: false })).statusCode).toBe(404);
    expect(await rowsOf('dealer_deactivated')).toHaveLength(2);
  });
});

describe('content of the offer messages', () => {
  it('a new offer tells admins the time left and links to the Offers tab; a counter tells the dealer', async () => {
    const vehicle = await insertVehicle(ctx.db, {
      year: 2021,
      make: 'Honda',
      model: 'Civic',
      price: '22000.00',
    });
    const { dealer, code } = await dealerWithCode(ctx.db);
    const offerId = await madeOffer(ctx.app, vehicle.id, code, { amount: '20000' });
    expect(
      (await ctx.call('PATCH', `/api/offers/${offerId}`, { status: 'countered', counterAmount: '21000' }))
        .statusCode,
    ).toBe(200);
    await pass();
    const [toAdmin] = mailTo(TEST_ACCOUNTS.adminEmail);
    expect(toAdmin!.text).toContain(`${dealer.dealerName} offered $20,000.`);
    expect(toAdmin!.text).toMatch(/Accept, counter or decline it: 48h 0m left \(until .+ UTC\)\./);
    expect(toAdmin!.text).toContain('Price $22,000');
    expect(toAdmin!.text).toContain(`Answer it in the Offers tab: ${ORIGIN}/admin?tab=offers`);
    const [counter] = mailTo(dealer.email);
    expect(counter!.text).toMatch(/Accept or decline it: 48h 0m left \(until .+ UTC\)\./);
    expect(counter!.text).toContain(
      `Answer the counter offer: ${ORIGIN}/dealer/dashboard/offers#offer-${offerId}`,
    );
  });

  it('an admin’s answer to a pending offer: accepted links to the sale, a refused second answer enqueues nothing', async () => {
    const vehicle = await insertVehicle(ctx.db);
    const { dealer, code } = await dealerWithCode(ctx.db);
    const offerId = await madeOffer(ctx.app, vehicle.id, code, { amount: '17500' });
    expect((await ctx.call('PATCH', `/api/offers/${offerId}`, { status: 'accepted' })).statusCode).toBe(200);
    const before = (await rows()).length;
    expect((await ctx.call('PATCH', `/api/offers/${offerId}`, { status: 'declined' })).statusCode).toBe(409);
    expect(await rows()).toHaveLength(before);
    await pass();
    const [accepted] = mailTo(dealer.email);
    expect(accepted!.subject).toContain('was accepted');
    const sales = (await ctx.call('GET', '/api/transactions?limit=100')).json().items as {
      id: number;
      vehicleId: number;
    }[];
    const sale = sales.find((t) => t.vehicleId === vehicle.id)!;
    expect(accepted!.text).toContain(`${ORIGIN}/dealer/dashboard/purchases#sale-${sale.id}`);
  });
});

describe('preferences', () => {
  it('a dealer with e-mail off for an event gets no e-mail; admins still do', async () => {
    const vehicle = await insertVehicle(ctx.db);
    const { dealer, code } = await dealerWithCode(ctx.db);
    await ctx.db
      .insert(notificationPreferences)
      .values({ dealerId: dealer.id, event: 'purchase_receipt', channel: 'email', enabled: false });
    await boughtNow(ctx.app, code, vehicle.id);
    expect((await rows()).map((r) => [r.event, r.recipient])).toEqual([
      ['vehicle_sold', TEST_ACCOUNTS.adminEmail],
    ]);
  });

  it('SMS on and a phone: an sms row to the contact’s number with a short body and the link', async () => {
    const vehicle = await insertVehicle(ctx.db, {
      year: 2015,
      make: 'Mercedes-Benz',
      model: `Sprinter ${'Extended High Roof Cargo '.repeat(12)}`.trim(),
    });
    const { dealer, code } = await dealerWithCode(ctx.db, { dealer: { phone: '(555) 010-0199' } });
    await ctx.db.insert(notificationPreferences).values([
      { dealerId: dealer.id, event: 'counter_sent', channel: 'sms', enabled: true },
      { dealerId: dealer.id, event: 'offer_declined', channel: 'sms', enabled: true },
      { dealerId: dealer.id, event: 'offer_declined', channel: 'email', enabled: false },
    ]);
    const offerId = await madeOffer(ctx.app, vehicle.id, code, { amount: '9000' });
    expect(
      (await ctx.call('PATCH', `/api/offers/${offerId}`, { status: 'countered', counterAmount: '9500' }))
        .statusCode,
    ).toBe(200);

    const counter = await rowsOf('counter_sent');
    expect(counter.map((r) => [r.recipient, r.channel])).toEqual([
      [dealer.email, 'email'],
      ['+15550100199', 'sms'],
    ]);
    const sms = counter[1]!;
    expect(sms.idempotencyKey).toMatch(/^counter_sent:\d+:\+15550100199:sms$/);
    expect(sms.payload).toMatchObject({ dealerId: dealer.id, contact: 'main' });
    const text = rendered(sms).sms;
    expect(text.length).toBeLessThanOrEqual(MAX_SMS_LENGTH);
    expect(text).toMatch(
      /^Deal Machine: Counter offer \$9,500 \(you offered \$9,000\) on 2015 Mercedes-Benz Sprinter/,
    );
    expect(text.endsWith(` ${ORIGIN}/dealer/dashboard/offers#offer-${offerId}`)).toBe(true);

    // SMS only, e-mail off: one sms row. A phone that cannot be an SMS number: no sms row.
    const other = await insertVehicle(ctx.db);
    const second = await madeOffer(ctx.app, other.id, code, { amount: '9100' });
    expect((await ctx.call('PATCH', `/api/offers/${second}`, { status: 'declined' })).statusCode).toBe(200);
    expect((await rowsOf('offer_declined')).map((r) => [r.recipient, r.channel])).toEqual([
      ['+15550100199', 'sms'],
    ]);

    const { dealer: noPhone, code: noPhoneCode } = await dealerWithCode(ctx.db, {
      dealer: { phone: 'call the front desk' },
    });
    await ctx.db
      .insert(notificationPreferences)
      .values({ dealerId: noPhone.id, event: 'counter_sent', channel: 'sms', enabled: true });
    const third = await madeOffer(ctx.app, (await insertVehicle(ctx.db)).id, noPhoneCode, { amount: '9200' });
    expect(
      (await ctx.call('PATCH', `/api/offers/${third}`, { status: 'countered', counterAmount: '9900' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await rowsOf('counter_sent')).filter((r) => r.payload.dealerId === noPhone.id).map((r) => r.channel),
    ).toEqual(['email']);
  });
});
