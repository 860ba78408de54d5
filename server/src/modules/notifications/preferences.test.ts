import { DEALER_EVENTS } from '@contracts/notifications';
import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBuyCodeRow, insertDealer } from '../../../test/factories';
import { startFakeTwilio } from '../../../test/fake-twilio';
import { dealerWithCode, soldMessage } from '../../../test/helpers';
import { signIn, signInAdmin } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { withMailingApp } from '../../../test/with-mailing-app';
import {
  appSettings,
  type NotificationPayload,
  notificationPreferences,
  notifications,
} from '../../db/schema';
import { enqueueNotifications } from './enqueue-notifications';
import { messageContextOf } from './notification-messages';
import { runSenderPass } from './send-notifications';
import { LINK_SECRET_SETTING, UnsubscribeLinks } from './unsubscribe-links';

const ORIGIN = 'https://wholesale.example.com';
const FROM = 'Deal Machine <notify@wholesale.example.com>';
const ONE_CLICK = 'List-Unsubscribe=One-Click';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let links: UnsubscribeLinks;

async function signedInDealer(overrides: Parameters<typeof insertDealer>[1] = {}) {
  const { dealer, code } = await dealerWithCode(ctx.db, { dealer: overrides });
  const cookie = await signIn(
    ctx.app,
    'dealer',
    { dealerName: dealer.dealerName, buyCode: code },
    '10.6.0.1',
  );
  return { dealer, cookie };
}
const getPrefs = (cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/dealer/notification-preferences', headers: { cookie } });
const putPrefs = (cookie: string, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/dealer/notification-preferences',
    headers: { cookie },
    payload: payload as object,
  });
const prefRows = (dealerId: number) =>
  ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.dealerId, dealerId));

/** A dealer e-mail as the events branch enqueues it: payload.dealerId says whose it is. */
async function sendDealerMail(dealerId: number, event: string, to: string): Promise<ParsedMail> {
  await ctx.db.insert(notifications).values({
    event,
    recipient: to,
    channel: 'email',
    payload: {
      subject: 'Deal Machine: Counter offer',
      text: 'We countered at $21,500.',
      html: '<!doctype html><html><body><p>We countered at $21,500.</p></body></html>',
      link: `${ORIGIN}/dealer/dashboard`,
      sms: `Counter offer $21,500 ${ORIGIN}/dealer/dashboard`,
      dealerId,
    } as NotificationPayload,
    idempotencyKey: `${event}:${dealerId}:${to}:email:${Math.random()}`,
  });
  const before = ctx.sink.messages.length;
  expect(
    await runSenderPass(ctx.db, ctx.transport, {
      from: FROM,
      messages: messageContextOf(ctx.config),
      unsubscribe: links,
    }),
  ).toMatchObject({
    sent: 1,
  });
  expect(ctx.sink.messages).toHaveLength(before + 1);
  return ctx.sink.messages.at(-1)!;
}
const header = (message: ParsedMail, name: string) =>
  message.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '');
const unsubscribeUrl = (message: ParsedMail) =>
  /^<([^>]+)>$/.exec(header(message, 'List-Unsubscribe') ?? '')?.[1];
/** The path and query a mail provider would POST to (app.inject takes no origin). */
const local = (url: string) => url.slice(ORIGIN.length);

const ctx = withMailingApp({ mailFrom: FROM, publicOrigin: ORIGIN, emptyOutboxEachTest: true });
beforeAll(() => {
  links = new UnsubscribeLinks(ctx.db, undefined, ORIGIN);
});

describe('RFC 8058 one-click unsubscribe', () => {
  it('every dealer e-mail carries List-Unsubscribe(-Post); the one-click POST turns that event’s e-mail off', async () => {
    const dealer = await insertDealer(ctx.db);
    const message = await sendDealerMail(dealer.id, 'counter_sent', dealer.email);
    const url = unsubscribeUrl(message);
    expect(url).toMatch(
      new RegExp(
        `^${ORIGIN}/api/notifications/unsubscribe\\?token=${dealer.id}\\.counter_sent\\.email\\.[A-Za-z0-9_-]{43}$`,
      ),
    );
    expect(header(message, 'List-Unsubscribe-Post')).toBe(ONE_CLICK);
    // The same link is in the footer, with the way to every setting.
    expect(message.text).toContain(`Stop these e-mails: ${url}`);
    expect(message.html).toContain('Stop these e-mails</a>');
    expect(message.text).toContain(`${ORIGIN}/dealer/dashboard/team#notifications`);

    // A mail provider's POST: no cookie, maybe a foreign Origin (webmail); accepted on this route.
    const res = await ctx.app.inject({
      method: 'POST',
      url: local(url!),
      headers: { ...FORM, origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' },
      payload: ONE_CLICK,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, event: 'counter_sent', channel: 'email' });
    expect((await prefRows(dealer.id)).map((r) => [r.event, r.channel, r.enabled])).toEqual([
      ['counter_sent', 'email', false],
    ]);

    // Idempotent: again is still one row, still off.
    const again = await ctx.app.inject({
      method: 'POST',
      url: local(url!),
      headers: FORM,
      payload: ONE_CLICK,
    });
    expect(again.statusCode).toBe(200);
    expect(await prefRows(dealer.id)).toHaveLength(1);
    // The next counter for this dealer is not e-mailed; another event still is.
    const sold = soldMessage(900_001);
    await ctx.db.transaction((tx) =>
      enqueueNotifications(tx, [
        {
          event: 'counter_sent',
          entityId: 900_001,
          to: [{ dealerId: dealer.id, contact: 'main' }],
          message: sold,
        },
        {
          event: 'offer_declined',
          entityId: 900_001,
          to: [{ dealerId: dealer.id, contact: 'main' }],
          message: sold,
        },
      ]),
    );
    const queued = await ctx.db
      .select({ event: notifications.event, channel: notifications.channel })
      .from(notifications)
      .where(eq(notifications.recipient, dealer.email.toLowerCase()));
    expect(queued.filter((r) => r.event === 'counter_sent' && r.channel === 'email')).toHaveLength(1);
    expect(queued.filter((r) => r.event === 'offer_declined')).toEqual([
      { event: 'offer_declined', channel: 'email' },
    ]);
  });

  it('accepts the body as multipart/form-data too (RFC 8058 allows both encodings)', async () => {
    const dealer = await insertDealer(ctx.db);
    const url = await links.url({ dealerId: dealer.id, event: 'transaction_paid', channel: 'email' });
    const boundary = 'x-boundary-8058';
    const res = await ctx.app.inject({
      method: 'POST',
      url: local(url),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await prefRows(dealer.id))[0]).toMatchObject({ event: 'transaction_paid', enabled: false });
  });

  it('refuses a bad, tampered or bodiless request with a clear 400 and changes nothing', async () => {
    const dealer = await insertDealer(ctx.db);
    const url = local(await links.url({ dealerId: dealer.id, event: 'counter_sent', channel: 'email' }));
    const token = new URL(url, ORIGIN).searchParams.get('token')!;
    const tampered = [
      token.replace('counter_sent', 'offer_expired'),
      token.replace(`${dealer.id}.`, `${dealer.id + 1}.`),
      // Its signature's first character changed (always to another one).
      token.replace(
        /\.([A-Za-z0-9_-])([A-Za-z0-9_-]{42})$/,
        (_, first: string, rest: string) => `.${first === 'A' ? 'B' : 'A'}${rest}`,
      ),
      'nonsense',
      '',
    ];
    for (const bad of tampered) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`,
        headers: FORM,
        payload: ONE_CLICK,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/^This unsubscribe link is not valid/);
    }
    const noToken = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      headers: FORM,
      payload: ONE_CLICK,
    });
    expect(noToken.statusCode).toBe(400);
    const noBody = await ctx.app.inject({
      method: 'POST',
      url,
      headers: FORM,
      payload: 'List-Unsubscribe=Yes',
    });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toContain('List-Unsubscribe=One-Click');
    const json = await ctx.app.inject({ method: 'POST', url, payload: {} });
    expect(json.statusCode).toBe(400);
    expect(await prefRows(dealer.id)).toHaveLength(0);
  });

  it('a GET (a mail scanner, a link preview) only shows a confirmation page whose button POSTs', async () => {
    const dealer = await insertDealer(ctx.db);
    const url = local(await links.url({ dealerId: dealer.id, event: 'offer_expiring', channel: 'email' }));
    const page = await ctx.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.body).toContain('Offer expiring in 2 hours');
    expect(page.body).toContain(`<form method="post" action="${url.replaceAll('&', '&amp;')}">`);
    expect(page.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(await prefRows(dealer.id)).toHaveLength(0);

    // The button: a same-origin form post from a browser gets a page back.
    const done = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...FORM, origin: ORIGIN, accept: 'text/html,application/xhtml+xml' },
      payload: ONE_CLICK,
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(await prefRows(dealer.id)).toHaveLength(1);

    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications/unsubscribe?token=1.x.email.zz',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('This link does not work');
  });

  it('only dealer e-mails get the headers; the key lives in app_settings and is the same after a restart', async () => {
    await ctx.db.insert(notifications).values({
      event: 'offer_received',
      recipient: 'boss@example.com',
      channel: 'email',
      payload: {
        subject: 'New offer',
        text: 'x',
        html: '<p>x</p>',
        link: ORIGIN,
        sms: 'x',
      } as NotificationPayload,
      idempotencyKey: 'offer_received:1:boss@example.com:email',
    });
    await runSenderPass(ctx.db, ctx.transport, {
      from: FROM,
      messages: messageContextOf(ctx.config),
      unsubscribe: links,
    });
    expect(header(ctx.sink.messages[0]!, 'List-Unsubscribe')).toBeUndefined();

    const [stored] = await ctx.db.select().from(appSettings).where(eq(appSettings.key, LINK_SECRET_SETTING));
    expect(stored!.value.length).toBeGreaterThanOrEqual(43);
    // Another instance (or this one restarted) reads the same key, so old links keep working.
    const target = { dealerId: 7, event: 'counter_sent', channel: 'email' as const };
    const token = await links.token(target);
    expect(await new UnsubscribeLinks(ctx.db, undefined, ORIGIN).verify(token)).toEqual(target);
    // NOTIFICATION_LINK_SECRET, when set, is the key instead.
    const configured = new UnsubscribeLinks(ctx.db, 'x'.repeat(40), ORIGIN);
    expect(await configured.verify(token)).toBeNull();
    expect(await configured.verify(await configured.token(target))).toEqual(target);
  });

  it('the app signs with NOTIFICATION_LINK_SECRET when it is set', async () => {
    const secret = 'a-very-long-link-secret-for-the-tests-0123456789';
    const app = await createTestApp({ env: { NOTIFICATION_LINK_SECRET: secret } });
    try {
      const dealer = await insertDealer(app.db);
      const token = await new UnsubscribeLinks(app.db, secret, ORIGIN).token({
        dealerId: dealer.id,
        event: 'counter_sent',
        channel: 'email',
      });
      const res = await app.app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${token}`,
        headers: FORM,
        payload: ONE_CLICK,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await app.db.select().from(appSettings).where(eq(appSettings.key, LINK_SECRET_SETTING))).toEqual(
        [],
      );
    } finally {
      await app.close();
    }
  });
});

describe('dealer notification preferences API', () => {
  it('answers only a dealer session, with every dealer event at its default and masked contacts', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/dealer/notification-preferences' })).statusCode,
    ).toBe(401);
    const admin = await signInAdmin(ctx.app);
    expect((await getPrefs(admin)).statusCode).toBe(403);
    expect(
      (await putPrefs(admin, { preferences: [{ event: 'counter_sent', email: false, sms: false }] }))
        .statusCode,
    ).toBe(403);

    const { dealer, cookie } = await signedInDealer();
    const res = await getPrefs(cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.smsAvailable).toBe(false);
    expect(body.events.map((e: { event: string }) => e.event)).toEqual(DEALER_EVENTS.map((e) => e.event));
    for (const e of body.events) expect(e).toMatchObject({ email: true, sms: false, smsPossible: true });
    const receipt = body.events.find((e: { event: string }) => e.event === 'purchase_receipt');
    expect(receipt.contacts).toEqual([
      { role: 'main', name: 'Pat Doe', email: `p•••@${dealer.email.split('@')[1]}`, phone: '•••-•••-0100' },
      {
        role: 'billing',
        name: 'Bill Doe',
        email: `b•••@${dealer.email.split('@')[1]}`,
        phone: '•••-•••-0101',
      },
    ]);
    expect(res.body).not.toContain(dealer.email);
  });

  it('saves a dealer’s own choices only, and reads them back', async () => {
    const a = await signedInDealer();
    const b = await signedInDealer();
    const res = await putPrefs(a.cookie, {
      // A dealerId in the body is ignored: the session decides whose preferences these are.
      dealerId: b.dealer.id,
      preferences: [
        { event: 'counter_sent', email: false, sms: true },
        { event: 'transaction_paid', email: true, sms: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const counter = res.json().events.find((e: { event: string }) => e.event === 'counter_sent');
    expect(counter).toMatchObject({ email: false, sms: true });
    expect(
      (await getPrefs(a.cookie)).json().events.find((e: { event: string }) => e.event === 'transaction_paid'),
    ).toMatchObject({
      email: true,
      sms: true,
    });
    expect(await prefRows(b.dealer.id)).toHaveLength(0);
    const stored = await ctx.db
      .select()
      .from(notificationPreferences)
      .where(
        and(
          eq(notificationPreferences.dealerId, a.dealer.id),
          eq(notificationPreferences.event, 'counter_sent'),
        ),
      );
    expect(stored.map((r) => [r.channel, r.enabled]).sort()).toEqual([
      ['email', false],
      ['sms', true],
    ]);
    // Untouched events keep their defaults; a second PUT changes just what it lists.
    expect(
      (await putPrefs(a.cookie, { preferences: [{ event: 'counter_sent', email: true, sms: false }] }))
        .statusCode,
    ).toBe(200);
    const after = (await getPrefs(a.cookie)).json().events;
    expect(after.find((e: { event: string }) => e.event === 'counter_sent')).toMatchObject({
      email: true,
      sms: false,
    });
    expect(after.find((e: { event: string }) => e.event === 'transaction_paid')).toMatchObject({ sms: true });
  });

  it('refuses bad input with a clear 400', async () => {
    const { dealer, cookie } = await signedInDealer({ titleContactPhone: 'ask the front desk' });
    const cases: [unknown, RegExp][] = [
      [
        { preferences: [{ event: 'offer_received', email: true, sms: false }] },
        /Event must be one of: counter_sent/,
      ],
      [{ preferences: [] }, /at least one preference/],
      [{ preferences: [{ event: 'counter_sent', email: 'yes', sms: false }] }, /email must be true or false/],
      [
        {
          preferences: [
            { event: 'counter_sent', email: true, sms: false },
            { event: 'counter_sent', email: false, sms: false },
          ],
        },
        /Each event may be listed once/,
      ],
      [{ preferences: 'all' }, /preferences must be a list/],
      // The title contact has no number that can get texts.
      [
        { preferences: [{ event: 'bill_of_sale_uploaded', email: true, sms: true }] },
        /^Bill of sale uploaded: SMS needs a phone number/,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await putPrefs(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toMatch(message);
    }
    expect(await prefRows(dealer.id)).toHaveLength(0);
    const bill = (await getPrefs(cookie))
      .json()
      .events.find((e: { event: string }) => e.event === 'bill_of_sale_uploaded');
    expect(bill).toMatchObject({ smsPossible: false, contacts: [{ role: 'title', phone: null }] });
  });

  it('says whether SMS is configured on this marketplace', async () => {
    const twilio = await startFakeTwilio();
    const app = await createTestApp({ env: twilio.env() });
    try {
      const dealer = await insertDealer(app.db);
      await insertBuyCodeRow(app.db, { dealerId: dealer.id, code: 'SM2S' });
      const cookie = await signIn(app.app, 'dealer', { dealerName: dealer.dealerName, buyCode: 'SM2S' });
      const res = await app.app.inject({
        method: 'GET',
        url: '/api/dealer/notification-preferences',
        headers: { cookie },
      });
      expect(res.json().smsAvailable).toBe(true);
    } finally {
      await app.close();
      await twilio.close();
    }
  });
});
