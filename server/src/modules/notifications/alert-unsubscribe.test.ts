import { and, eq, inArray } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertMember, insertVehicle, MEMBER_PASSWORD } from '../../../test/factories';
import { dealerWithCode, nextAddress } from '../../../test/helpers';
import { signIn, signInMember } from '../../../test/sessions';
import { withMailingApp } from '../../../test/with-mailing-app';
import { auditLog, buyOrders, notificationPreferences, notifications, savedSearches } from '../../db/schema';
import { messageContextOf } from './notification-messages';
import { runSenderPass } from './send-notifications';
import { UnsubscribeLinks } from './unsubscribe-links';

/**
 * One-click unsubscribe per buy order and per saved search (docs/design.md §13): the link in an alert
 * switches off that one order's or search's alerts, not the dealership's whole event.
 */
const ORIGIN = 'https://wholesale.example.com';
const FROM = 'Deal Machine <notify@wholesale.example.com>';
const ONE_CLICK = 'List-Unsubscribe=One-Click';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const AS_PAGE = { ...FORM, accept: 'text/html,application/xhtml+xml' };
/** A mail provider's POST: no cookie, a foreign origin. */
const AS_PROVIDER = { ...FORM, origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' };

const ctx = withMailingApp({
  mailFrom: FROM,
  publicOrigin: ORIGIN,
  emptyOutboxEachTest: true,
  signIn: ['admin'],
});
let links: UnsubscribeLinks;
beforeAll(() => {
  links = new UnsubscribeLinks(ctx.db, undefined, ORIGIN);
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const order = (make: string, model?: string) => ({
  targets: [{ make, ...(model ? { model } : {}) }],
  yearMin: 2018,
  yearMax: 2021,
  certification: 'all',
  quantity: 1,
  neededBy: inDays(30),
  deliveryZip: '60614',
});

async function dealerSession() {
  const { dealer, code } = await dealerWithCode(ctx.db);
  const cookie = await signIn(
    ctx.app,
    'dealer',
    { dealerName: dealer.dealerName, buyCode: code },
    nextAddress(),
  );
  return { dealer, cookie };
}

async function placeOrder(cookie: string, body: object): Promise<number> {
  const res = await ctx.call('POST', '/api/dealer/buy-orders', body, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** A car in the admin's queue, published with Complete Listing. */
async function publish(make: string, model: string) {
  const queued = await insertVehicle(ctx.db, {
    make,
    model,
    year: 2019,
    grade: '4.0',
    status: 'pending',
    inQueue: true,
    price: null,
    mileage: null,
    condition: null,
  });
  const res = await ctx.call('PATCH', `/api/vehicles/${queued.id}`, {
    status: 'active',
    inQueue: false,
    price: '21000',
    mileage: 40000,
    condition: 'Auction Certified',
  });
  expect(res.statusCode, res.body).toBe(200);
  return queued.id;
}

/** Sends what the outbox holds through the real SMTP server; the messages to `to`. */
async function mailsTo(to: string): Promise<ParsedMail[]> {
  await runSenderPass(ctx.db, ctx.transport, {
    from: FROM,
    messages: messageContextOf(ctx.config),
    unsubscribe: links,
  });
  return ctx.sink.messages.filter((m) =>
    (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.toLowerCase() === to.toLowerCase()),
  );
}

const header = (message: ParsedMail, name: string) =>
  message.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '');
const unsubscribeUrl = (message: ParsedMail) =>
  /^<([^>]+)>$/.exec(header(message, 'List-Unsubscribe') ?? '')?.[1];
/** The path and query a mail provider would POST to (app.inject takes no origin). */
const local = (url: string) => url.slice(ORIGIN.length);

const alertsOfOrder = async (id: number) =>
  (await ctx.db.select({ alerts: buyOrders.alerts }).from(buyOrders).where(eq(buyOrders.id, id)))[0]?.alerts;
const alertsOfSearch = async (id: number) =>
  (
    await ctx.db.select({ alerts: savedSearches.alerts }).from(savedSearches).where(eq(savedSearches.id, id))
  )[0]?.alerts;
/** The audit rows of an order's or search's alerts switch (not its creation). */
const auditOf = (entity: string, id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, entity),
        eq(auditLog.entityId, id),
        inArray(auditLog.action, ['alerts', 'alerts_off']),
      ),
    );
const queuedFor = (event: string, recipient: string) =>
  ctx.db
    .select({ payload: notifications.payload })
    .from(notifications)
    .where(and(eq(notifications.event, event), eq(notifications.recipient, recipient.toLowerCase())));

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('alert tokens', () => {
  it('round-trip per order and per search, and never pass for the other kind or an event', async () => {
    const orderToken = await links.alertToken({ kind: 'buy_order', id: 12 });
    const searchToken = await links.alertToken({ kind: 'saved_search', id: 12 });
    expect(orderToken).toMatch(/^o\.12\.[A-Za-z0-9_-]{43}$/);
    expect(searchToken).toMatch(/^s\.12\.[A-Za-z0-9_-]{43}$/);
    expect(await links.verifyAlert(orderToken)).toEqual({ kind: 'buy_order', id: 12 });
    expect(await links.verifyAlert(searchToken)).toEqual({ kind: 'saved_search', id: 12 });
    // Same id, other kind: the signature covers the kind.
    expect(await links.verifyAlert(`s.${orderToken.slice(2)}`)).toBeNull();
    expect(await links.verifyAlert(`o.13.${orderToken.split('.')[2]}`)).toBeNull();
    // An event token is not an alert token, nor the reverse, even with the other's signature.
    const eventToken = await links.token({ dealerId: 12, event: 'buy_order_match', channel: 'email' });
    expect(await links.verifyAlert(eventToken)).toBeNull();
    expect(await links.verifyAlert(`o.12.${eventToken.split('.').at(-1)}`)).toBeNull();
    expect(await links.verify(orderToken)).toBeNull();
    expect(await links.verify(`12.buy_order_match.email.${orderToken.split('.')[2]}`)).toBeNull();
    // Another key (another marketplace) signs other tokens.
    expect(await new UnsubscribeLinks(ctx.db, 'k'.repeat(40), ORIGIN).verifyAlert(orderToken)).toBeNull();
  });

  it('a tampered or other-kind token gets the clear 400 page and changes nothing', async () => {
    const { cookie } = await dealerSession();
    const id = await placeOrder(cookie, order('Genesis'));
    const token = await links.alertToken({ kind: 'buy_order', id });
    const sig = token.split('.')[2]!;
    // The signature's first character changed (always another one), and its last character's unused
    // low bit flipped: the same bytes once decoded, not the link that was sent.
    const flipped = `${sig.slice(0, -1)}${B64URL[B64URL.indexOf(sig.at(-1)!) ^ 1]}`;
    const changed = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    expect(Buffer.from(flipped, 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
    for (const bad of [
      `s.${id}.${sig}`,
      `o.${id + 1}.${sig}`,
      `o.${id}.${changed}`,
      `o.${id}.${flipped}`,
      `o.${id}`,
    ]) {
      const url = `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`;
      const post = await ctx.app.inject({ method: 'POST', url, headers: AS_PROVIDER, payload: ONE_CLICK });
      expect(post.statusCode, bad).toBe(400);
      expect(post.json().message).toMatch(/^This unsubscribe link is not valid/);
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode, bad).toBe(400);
      expect(page.body).toContain('This link does not work');
    }
    expect(await alertsOfOrder(id)).toBe(true);
    expect(await auditOf('buy_order', id)).toEqual([]);
  });
});

describe('unsubscribing from one buy order', () => {
  it("the match mail links to that order's alerts; the POST silences it alone, the GET nothing", async () => {
    const { dealer, cookie } = await dealerSession();
    const muted = await placeOrder(cookie, order('Infiniti', 'QX60'));
    const kept = await placeOrder(cookie, order('Lexus'));
    await publish('Infiniti', 'QX60');
    const [mail, ...more] = await mailsTo(dealer.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toContain(`buy order #${muted}`);

    const url = unsubscribeUrl(mail!)!;
    expect(url).toMatch(
      new RegExp(`^${ORIGIN}/api/notifications/unsubscribe\\?token=o\\.${muted}\\.[A-Za-z0-9_-]{43}$`),
    );
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe(ONE_CLICK);
    expect(mail!.text).toContain(`Stop alerts for this buy order: ${url}`);
    expect(mail!.text).toContain(`All notification settings: ${ORIGIN}/dealer/dashboard/team#notifications`);
    expect(mail!.html).toContain(`<a href="${url}">Stop alerts for this buy order</a>`);
    expect(mail!.html).toContain(
      `<a href="${ORIGIN}/dealer/dashboard/team#notifications">Notification settings</a>`,
    );

    // A GET (a scanner, a preview) says what the button would switch off and changes nothing.
    const page = await ctx.app.inject({ method: 'GET', url: local(url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Stop e-mail alerts for buy order #${muted} (2018–2021 Infiniti QX60)?`);
    expect(page.body).toContain(`<form method="post" action="${local(url)}">`);
    expect(page.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(page.body).toContain('Stop alerts</button>');
    expect(await alertsOfOrder(muted)).toBe(true);

    // The mail provider's one-click POST.
    const res = await ctx.app.inject({
      method: 'POST',
      url: local(url),
      headers: AS_PROVIDER,
      payload: ONE_CLICK,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, alert: 'buy_order', id: muted, alerts: false, exists: true });
    expect(await alertsOfOrder(muted)).toBe(false);
    expect(await alertsOfOrder(kept)).toBe(true);
    // The dealership's event preference is untouched: the other order still alerts.
    expect(
      await ctx.db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.dealerId, dealer.id)),
    ).toEqual([]);
    expect(await auditOf('buy_order', muted)).toMatchObject([
      {
        actorType: 'dealer',
        actorId: dealer.id,
        action: 'alerts_off',
        before: { alerts: true },
        after: { alerts: false, via: 'unsubscribe_link' },
      },
    ]);
    // The dashboard shows the order's switch off.
    const listed = (await ctx.call('GET', '/api/dealer/buy-orders/page', undefined, cookie)).json().items;
    expect(listed.find((o: { id: number }) => o.id === muted)).toMatchObject({ alerts: false });

    // The confirmation page's button again: idempotent, a page for a person, no second audit row.
    const again = await ctx.app.inject({
      method: 'POST',
      url: local(url),
      headers: { ...AS_PAGE, origin: ORIGIN },
      payload: ONE_CLICK,
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toMatch(/^text\/html/);
    expect(again.body).toContain('Alerts are off');
    expect(again.body).toContain(
      `You will no longer get e-mail alerts for buy order #${muted} (2018–2021 Infiniti QX60).`,
    );
    expect(again.body).toContain(`href="/dealer/dashboard/buy-orders#buy-order-${muted}"`);
    expect(await auditOf('buy_order', muted)).toHaveLength(1);

    // The next match of the silenced order mails nothing; the other order still alerts.
    await publish('Infiniti', 'QX60');
    expect(await queuedFor('buy_order_match', dealer.email)).toHaveLength(1);
    await publish('Lexus', 'RX');
    const queued = await queuedFor('buy_order_match', dealer.email);
    expect(queued).toHaveLength(2);
    expect(queued.map((q) => 'template' in q.payload && q.payload.alert)).toContainEqual({
      kind: 'buy_order',
      id: kept,
    });
  });

  it('an order gone meanwhile: the page says so (410), the one-click answers 200, never a 500', async () => {
    const { cookie } = await dealerSession();
    const id = await placeOrder(cookie, order('Mazda'));
    const url = local(await links.alertUrl({ kind: 'buy_order', id }));
    await ctx.db.delete(buyOrders).where(eq(buyOrders.id, id));
    const page = await ctx.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This buy order no longer exists');
    expect(page.body).not.toContain('<form');
    const post = await ctx.app.inject({ method: 'POST', url, headers: AS_PROVIDER, payload: ONE_CLICK });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json()).toEqual({ ok: true, alert: 'buy_order', id, alerts: false, exists: false });
    const asPage = await ctx.app.inject({ method: 'POST', url, headers: AS_PAGE, payload: ONE_CLICK });
    expect(asPage.statusCode).toBe(200);
    expect(asPage.body).toContain('It sends no more alerts');
  });
});

describe('unsubscribing from one saved search', () => {
  it("a team member's search alert links to that search; the POST silences it alone; deleted, it says so", async () => {
    const { dealer } = await dealerWithCode(ctx.db);
    const member = await insertMember(ctx.db, { dealerId: dealer.id, role: 'buyer' });
    const cookie = await signInMember(ctx.app, member.email, MEMBER_PASSWORD, nextAddress());
    const save = async (name: string, q: string) => {
      const res = await ctx.call('POST', '/api/dealer/saved-searches', { name, q }, cookie);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const trucks = await save('Trucks under 30k', 'f-150');
    const other = await save('Tacomas', 'tacoma');
    await publish('Ford', 'F-150');
    const [mail, ...more] = await mailsTo(member.email);
    expect(more).toEqual([]);
    // To the person's own address (no dealership contact), and still its own link.
    const url = unsubscribeUrl(mail!)!;
    expect(url).toMatch(
      new RegExp(`^${ORIGIN}/api/notifications/unsubscribe\\?token=s\\.${trucks}\\.[A-Za-z0-9_-]{43}$`),
    );
    expect(mail!.text).toContain(`Stop alerts for this saved search: ${url}`);
    expect(mail!.text).toContain(`${ORIGIN}/dealer/dashboard/team#notifications`);

    const page = await ctx.app.inject({ method: 'GET', url: local(url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop e-mail alerts for your saved search “Trucks under 30k”?');
    expect(await alertsOfSearch(trucks)).toBe(true);

    const done = await ctx.app.inject({
      method: 'POST',
      url: local(url),
      headers: { ...AS_PAGE, origin: ORIGIN },
      payload: ONE_CLICK,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain(
      'You will no longer get e-mail alerts for your saved search “Trucks under 30k”.',
    );
    expect(done.body).toContain(`href="/dealer/dashboard/buy-orders#saved-search-${trucks}"`);
    expect(await alertsOfSearch(trucks)).toBe(false);
    expect(await alertsOfSearch(other)).toBe(true);
    expect(await auditOf('saved_search', trucks)).toMatchObject([
      { actorType: 'dealer', actorId: dealer.id, action: 'alerts', after: { alerts: false } },
    ]);

    // The next match of the silenced search mails nothing; the other search still alerts.
    await publish('Ford', 'F-150');
    expect(await queuedFor('saved_search_match', member.email)).toHaveLength(1);
    await publish('Toyota', 'Tacoma');
    expect(await queuedFor('saved_search_match', member.email)).toHaveLength(2);

    // Deleted from the dashboard: the link explains, and a late one-click still answers 200.
    expect(
      (await ctx.call('DELETE', `/api/dealer/saved-searches/${trucks}`, undefined, cookie)).statusCode,
    ).toBe(200);
    const gone = await ctx.app.inject({ method: 'GET', url: local(url) });
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('This saved search no longer exists');
    const late = await ctx.app.inject({
      method: 'POST',
      url: local(url),
      headers: AS_PROVIDER,
      payload: ONE_CLICK,
    });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ alert: 'saved_search', id: trucks, exists: false });
  });
});
