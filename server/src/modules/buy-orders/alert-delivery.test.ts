import { ALERT_TEXT } from '@contracts/alert-delivery-texts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertMember, insertVehicle, MEMBER_PASSWORD } from '../../../test/factories';
import { dealerWithCode, nextAddress } from '../../../test/helpers';
import { signInMember } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { type NotificationPayload, notifications } from '../../db/schema';
import { messageContextOf } from '../notifications/notification-messages';
import { renderPayload } from '../notifications/render-message';

const ctx = withApp({ signIn: ['admin'] });

const ZONE = 'America/Chicago';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** The hour and minute a moment reads on a Chicago clock. */
const chicago = (at: Date) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { hour: part('hour'), minute: part('minute') };
};

/** A team member of a dealership with a phone, signed in. */
async function person(phone = '(312) 555-0142') {
  const { dealer, code } = await dealerWithCode(ctx.db, { dealer: { phone } });
  const member = await insertMember(ctx.db, { dealerId: dealer.id, role: 'owner' });
  const cookie = await signInMember(ctx.app, member.email, MEMBER_PASSWORD, nextAddress());
  return { dealer, code, member, cookie };
}

const placeOrder = (cookie: string, model: string, extra: Record<string, unknown> = {}) =>
  ctx.call(
    'POST',
    '/api/dealer/buy-orders',
    {
      targets: [{ make: 'Hyundai', model }],
      certification: 'all',
      quantity: 3,
      neededBy: inDays(20),
      deliveryZip: '60614',
      ...extra,
    },
    cookie,
  );

async function publish(model: string, year = 2020) {
  const car = await insertVehicle(ctx.db, {
    make: 'Hyundai',
    model,
    year,
    status: 'pending',
    inQueue: true,
    price: null,
    mileage: null,
    condition: null,
  });
  const res = await ctx.call('PATCH', `/api/vehicles/${car.id}`, {
    status: 'active',
    inQueue: false,
    price: '19500',
    mileage: 30000,
    condition: 'Auction Certified',
  });
  expect(res.statusCode, res.body).toBe(200);
  return car.id;
}

const rowsFor = (event: string, recipient: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.event, event), eq(notifications.recipient, recipient)));

const setSchedule = (cookie: string, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/dealer/alert-schedule', payload: body, headers: { cookie } });

describe('alert schedule', () => {
  it('is the defaults until the person saves theirs; each person keeps their own', async () => {
    const a = await person();
    const b = await person();
    const initial = await ctx.call('GET', '/api/dealer/alert-schedule', undefined, a.cookie);
    expect(initial.json()).toEqual({
      timeZone: 'America/New_York',
      digestHour: 8,
      quietStart: null,
      quietEnd: null,
    });
    const saved = await setSchedule(a.cookie, { timeZone: ZONE, digestHour: 7, quietStart: 21, quietEnd: 6 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ timeZone: ZONE, digestHour: 7, quietStart: 21, quietEnd: 6 });
    expect((await ctx.call('GET', '/api/dealer/alert-schedule', undefined, b.cookie)).json().timeZone).toBe(
      'America/New_York',
    );
  });

  it('refuses what cannot be a schedule, with a clear message, and keeps the old one', async () => {
    const { cookie } = await person();
    const ok = { timeZone: ZONE, digestHour: 7, quietStart: null, quietEnd: null };
    for (const [change, message] of [
      [{ timeZone: 'Mars/Olympus' }, ALERT_TEXT.timeZoneInvalid],
      [{ digestHour: 24 }, ALERT_TEXT.hourInvalid],
      [{ quietStart: 22 }, ALERT_TEXT.quietPair],
      [{ quietStart: 5, quietEnd: 5 }, ALERT_TEXT.quietSame],
    ] as const) {
      const res = await setSchedule(cookie, { ...ok, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await ctx.call('GET', '/api/dealer/alert-schedule', undefined, cookie)).json().digestHour).toBe(
      8,
    );
  });
});

describe('how alerts travel', () => {
  it('texts the dealership’s phone when the order asks for it, and refuses text alerts without a phone', async () => {
    const withPhone = await person('(312) 555-0142');
    const order = await placeOrder(withPhone.cookie, 'Elantra', { alertChannel: 'sms' });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json()).toMatchObject({ alertChannel: 'sms', alertCadence: 'instant' });
    const carId = await publish('Elantra');
    const texts = await rowsFor('buy_order_match', '+13125550142');
    expect(texts.map((r) => [r.channel, r.idempotencyKey])).toEqual([
      ['sms', `buy_order_match:${carId}:+13125550142:sms`],
    ]);
    expect(await rowsFor('buy_order_match', withPhone.member.email.toLowerCase())).toHaveLength(0);

    // A phone that cannot take a text (not a 10-digit US number).
    const noPhone = await person('ext. 12');
    const refused = await placeOrder(noPhone.cookie, 'Elantra', { alertChannel: 'both' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ALERT_TEXT.noPhone);
  });

  it('sends both an e-mail and a text for "both", and changes channel and cadence later', async () => {
    const p = await person('(312) 555-0177');
    const order = await placeOrder(p.cookie, 'Kona', { alertChannel: 'both' });
    await publish('Kona');
    expect(await rowsFor('buy_order_match', p.member.email.toLowerCase())).toHaveLength(1);
    expect(await rowsFor('buy_order_match', '+13125550177')).toHaveLength(1);
    const changed = await ctx.call(
      'PATCH',
      `/api/dealer/buy-orders/${order.json().id}`,
      { alertChannel: 'email', alertCadence: 'daily' },
      p.cookie,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ alertChannel: 'email', alertCadence: 'daily' });
    const bad = await ctx.call(
      'PATCH',
      `/api/dealer/buy-orders/${order.json().id}`,
      { alertCadence: 'hourly' },
      p.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(ALERT_TEXT.cadenceInvalid);
  });

  it('holds an instant alert through the person’s quiet hours, and sends it at once outside them', async () => {
    const quiet = await person();
    const { hour } = chicago(new Date());
    const end = (hour + 2) % 24;
    await setSchedule(quiet.cookie, { timeZone: ZONE, digestHour: 8, quietStart: hour, quietEnd: end });
    await placeOrder(quiet.cookie, 'Tucson');
    const awake = await person();
    await setSchedule(awake.cookie, {
      timeZone: ZONE,
      digestHour: 8,
      quietStart: (hour + 3) % 24,
      quietEnd: (hour + 5) % 24,
    });
    await placeOrder(awake.cookie, 'Tucson');
    const before = Date.now();
    await publish('Tucson');

    const [held] = await rowsFor('buy_order_match', quiet.member.email.toLowerCase());
    expect(held!.nextAttemptAt.getTime()).toBeGreaterThan(before + 55 * 60_000);
    expect(chicago(held!.nextAttemptAt)).toEqual({ hour: end, minute: 0 });
    const [sent] = await rowsFor('buy_order_match', awake.member.email.toLowerCase());
    expect(sent!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('gathers a day’s matches of daily orders and searches into one digest at the person’s hour', async () => {
    const p = await person();
    const digestHour = (chicago(new Date()).hour + 3) % 24;
    await setSchedule(p.cookie, { timeZone: ZONE, digestHour, quietStart: null, quietEnd: null });
    const order = await placeOrder(p.cookie, 'Santa Cruz', { alertCadence: 'daily' });
    const search = await ctx.call(
      'POST',
      '/api/dealer/saved-searches',
      { name: 'Pickups', q: 'santa cruz', alertCadence: 'daily' },
      p.cookie,
    );
    expect(search.statusCode, search.body).toBe(201);
    const first = await publish('Santa Cruz', 2022);
    const second = await publish('Santa Cruz', 2023);

    const email = p.member.email.toLowerCase();
    expect(await rowsFor('buy_order_match', email)).toHaveLength(0);
    expect(await rowsFor('saved_search_match', email)).toHaveLength(0);
    const digests = await rowsFor('alert_digest', email);
    expect(digests.map((d) => d.idempotencyKey)).toHaveLength(1);
    const [digest] = digests;
    expect(chicago(digest!.nextAttemptAt)).toEqual({ hour: digestHour, minute: 0 });
    expect(digest!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    const entries = (
      digest!.payload as unknown as {
        facts: { entries: { kind: string; id: number; vehicle: { id: number } }[] };
      }
    ).facts.entries;
    expect(entries.map((e) => [e.kind, e.id, e.vehicle.id])).toEqual([
      ['buy_order', order.json().id, first],
      ['saved_search', search.json().id, first],
      ['buy_order', order.json().id, second],
      ['saved_search', search.json().id, second],
    ]);

    // Rendered when it leaves: each car once, with what it matched and its link.
    const rendered = renderPayload(messageContextOf(ctx.config), digest!.payload as NotificationPayload);
    expect(rendered.subject).toContain(ALERT_TEXT.digestSubject(2));
    expect(rendered.text).toContain(
      `2022 Hyundai Santa Cruz, $19,500, for your buy order #${order.json().id} and saved search “Pickups”`,
    );
    expect(rendered.text).toContain(`/vehicle/${second}`);
    expect(rendered.sms).toContain('2 new matches');

    // A digest already on its way takes no more: the next match waits for the next day's.
    await ctx.db.update(notifications).set({ status: 'sent' }).where(eq(notifications.id, digest!.id));
    const third = await publish('Santa Cruz', 2021);
    const after = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.event, 'alert_digest'), eq(notifications.recipient, email)))
      .orderBy(notifications.id);
    expect(after).toHaveLength(2);
    expect(after[1]!.nextAttemptAt.getTime() - digest!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(
      23 * 3600_000,
    );
    const nextEntries = (
      after[1]!.payload as unknown as { facts: { entries: { vehicle: { id: number } }[] } }
    ).facts.entries;
    expect(nextEntries.map((e) => e.vehicle.id)).toEqual([third, third]);
    const [{ n }] = (
      (await ctx.db.execute(
        sql`select count(*)::int as n from notifications where event = 'alert_digest' and recipient = ${email} and status = 'queued'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows as [{ n: number }];
    expect(n).toBe(1);
  });
});
