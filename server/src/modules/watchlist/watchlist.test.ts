import { VEHICLE_ID_MESSAGE } from '@contracts/ids';
import { WATCHLIST_TEXT } from '@contracts/watchlist';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertMember, insertVehicle, MEMBER_PASSWORD } from '../../../test/factories';
import {
  BAD_DEALER_LIST_QUERIES,
  boughtNow,
  dealerWithCode,
  madeOffer,
  nextAddress,
  walkPages,
} from '../../../test/helpers';
import { signIn, signInMember } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { dealerUsers, notifications, offers, watchlistEntries } from '../../db/schema';
import { messageContextOf } from '../notifications/notification-messages';
import { renderPayload } from '../notifications/render-message';
import { expireOffers } from '../offers/expire-offers';
import { notifyWatchers, notifyWatchersOfPriceDrop } from './notify-watchers';

const ctx = withApp({ signIn: ['admin'] });

/** A dealership signed in with its buy code (no team member): its own watchlist, dealer_user_id null. */
async function codeSession() {
  const { dealer, code } = await dealerWithCode(ctx.db);
  const cookie = await signIn(
    ctx.app,
    'dealer',
    { dealerName: dealer.dealerName, buyCode: code },
    nextAddress(),
  );
  return { dealer, code, cookie };
}

/** A named team member of `dealerId`, signed in. */
async function memberSession(dealerId: number, role: 'owner' | 'buyer' | 'viewer' = 'buyer') {
  const member = await insertMember(ctx.db, { dealerId, role });
  const cookie = await signInMember(ctx.app, member.email, MEMBER_PASSWORD, nextAddress());
  return { member, cookie };
}

const put = (cookie: string, vehicleId: number | string, body: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/dealer/watchlist/${vehicleId}`,
    headers: { cookie },
    payload: body as object,
  });
const merge = (cookie: string, body: unknown) =>
  ctx.call('POST', '/api/dealer/watchlist/merge', body, cookie);
type Entry = { vehicleId: number; favorite: boolean; watching: boolean; status: string };
const read = (cookie: string) => (url: string) => ctx.call('GET', url, undefined, cookie);
/** Every page of the person's watchlist (issue #47), an entry keyed by its car. */
const walk = async (cookie: string, limit = 100) =>
  (
    await walkPages<Entry & { id: number }>(
      async (url) => {
        const res = await read(cookie)(url);
        const page = res.json() as { items: Entry[] };
        const keyed = { ...page, items: page.items?.map((entry) => ({ ...entry, id: entry.vehicleId })) };
        return { statusCode: res.statusCode, body: res.body, json: () => keyed };
      },
      '/api/dealer/watchlist/page',
      limit,
    )
  ).map(({ id: _id, ...entry }) => entry as Entry);
const list = (cookie: string) => walk(cookie);
const flagsOf = async (cookie: string) =>
  (await list(cookie)).map(({ vehicleId, favorite, watching }) => ({ vehicleId, favorite, watching }));

async function watch(cookie: string, vehicleId: number, body: unknown = { watching: true }) {
  const res = await put(cookie, vehicleId, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The watched_vehicle rows about one car, oldest first, as [recipient, reason]. */
async function watchedMessages(vehicleId: number) {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.event, 'watched_vehicle'),
        sql`${notifications.payload}->'facts'->'vehicle'->>'id' = ${String(vehicleId)}`,
      ),
    )
    .orderBy(notifications.id);
  return rows;
}
const recipientsOf = (rows: Awaited<ReturnType<typeof watchedMessages>>) =>
  rows.map((r) => r.recipient).sort();

describe('the watchlist API', () => {
  it('is kept per person: two team members and a dealership without a team each see only their own', async () => {
    // A dealership with a team signs in as its people; one without signs in with its code (docs/design.md §11).
    const team = await codeSession();
    const alice = await memberSession(team.dealer.id, 'owner');
    const bob = await memberSession(team.dealer.id, 'buyer');
    const { cookie: teamless } = await codeSession();
    const other = await codeSession();
    const car = await insertVehicle(ctx.db);
    const second = await insertVehicle(ctx.db);

    expect(await watch(alice.cookie, car.id)).toEqual({ vehicleId: car.id, favorite: false, watching: true });
    await watch(bob.cookie, car.id, { favorite: true });
    await watch(teamless, second.id, { favorite: true, watching: true });

    expect(await flagsOf(alice.cookie)).toEqual([{ vehicleId: car.id, favorite: false, watching: true }]);
    expect(await flagsOf(bob.cookie)).toEqual([{ vehicleId: car.id, favorite: true, watching: false }]);
    expect(await flagsOf(teamless)).toEqual([{ vehicleId: second.id, favorite: true, watching: true }]);
    expect(await flagsOf(other.cookie)).toEqual([]);
    const rows = await ctx.db
      .select()
      .from(watchlistEntries)
      .where(eq(watchlistEntries.vehicleId, second.id));
    expect(rows.map((r) => r.dealerUserId)).toEqual([null]);

    // Bob taking his mark off leaves Alice's.
    await watch(bob.cookie, car.id, { favorite: false });
    expect(await flagsOf(bob.cookie)).toEqual([]);
    expect(await flagsOf(alice.cookie)).toHaveLength(1);
  });

  it('sets each flag on its own, lists the car as it stands, and both off deletes the row', async () => {
    const { cookie } = await codeSession();
    const car = await insertVehicle(ctx.db, {
      year: 2019,
      make: 'Toyota',
      model: 'RAV4',
      price: '21500.00',
      mileage: 38000,
    });
    await watch(cookie, car.id, { favorite: true });
    expect(await watch(cookie, car.id, { watching: true })).toEqual({
      vehicleId: car.id,
      favorite: true,
      watching: true,
    });
    expect(await list(cookie)).toEqual([
      {
        vehicleId: car.id,
        title: '2019 Toyota RAV4',
        favorite: true,
        watching: true,
        price: '21500.00',
        mileage: 38000,
        photo: null,
        status: 'available',
        createdAt: expect.any(String),
      },
    ]);
    expect(await watch(cookie, car.id, { favorite: false })).toEqual({
      vehicleId: car.id,
      favorite: false,
      watching: true,
    });
    expect(await watch(cookie, car.id, { watching: false })).toEqual({
      vehicleId: car.id,
      favorite: false,
      watching: false,
    });
    expect(await list(cookie)).toEqual([]);
    expect(
      await ctx.db.select().from(watchlistEntries).where(eq(watchlistEntries.vehicleId, car.id)),
    ).toEqual([]);
    // Taking off a car that is not on the list is no error, and writes nothing.
    expect(await watch(cookie, car.id, { favorite: false })).toEqual({
      vehicleId: car.id,
      favorite: false,
      watching: false,
    });
    expect(
      await ctx.db.select().from(watchlistEntries).where(eq(watchlistEntries.vehicleId, car.id)),
    ).toEqual([]);
  });

  it('lets a viewer keep a watchlist of their own (it commits the dealership to nothing)', async () => {
    const { dealer } = await codeSession();
    const viewer = await memberSession(dealer.id, 'viewer');
    const car = await insertVehicle(ctx.db);
    await watch(viewer.cookie, car.id);
    expect(await flagsOf(viewer.cookie)).toEqual([{ vehicleId: car.id, favorite: false, watching: true }]);
  });

  it('names where each car stands: sold, removed; a car back in the queue is left out until it is back on sale', async () => {
    const { cookie } = await codeSession();
    const sold = await insertVehicle(ctx.db);
    const removed = await insertVehicle(ctx.db);
    const queued = await insertVehicle(ctx.db);
    for (const car of [sold, removed, queued]) await watch(cookie, car.id);
    await boughtNow(ctx.app, (await codeSession()).code, sold.id);
    await ctx.db.execute(sql`update vehicles set status = 'removed' where id = ${removed.id}`);
    await ctx.db.execute(sql`update vehicles set in_queue = true where id = ${queued.id}`);
    const statuses = Object.fromEntries((await list(cookie)).map((e) => [e.vehicleId, e.status]));
    // Nobody outside may see a queued car (docs/decisions/0034-one-visibility-rule.md): not even its watcher.
    expect(statuses).toEqual({ [sold.id]: 'sold', [removed.id]: 'removed' });
    await ctx.db.execute(sql`update vehicles set in_queue = false where id = ${queued.id}`);
    expect((await list(cookie)).find((e) => e.vehicleId === queued.id)?.status).toBe('available');
  });

  it('refuses bad input with a clear message (400), an unknown or queued car (404) and marking a car not for sale (409)', async () => {
    const { cookie } = await codeSession();
    const cases: [string | number, unknown, string][] = [
      [1, {}, WATCHLIST_TEXT.flagsRequired],
      [1, { favorite: 'yes' }, WATCHLIST_TEXT.favoriteBoolean],
      [1, { watching: 1 }, WATCHLIST_TEXT.watchingBoolean],
      ['abc', { watching: true }, VEHICLE_ID_MESSAGE],
      ['0x10', { watching: true }, VEHICLE_ID_MESSAGE],
    ];
    for (const [id, body, message] of cases) {
      const res = await put(cookie, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const unknown = await put(cookie, 2_000_000_000, { watching: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(WATCHLIST_TEXT.vehicleNotFound);

    // A queued car answers as an unknown one (docs/decisions/0034-one-visibility-rule.md).
    const queued = await insertVehicle(ctx.db, { status: 'pending', inQueue: true });
    const refused = await put(cookie, queued.id, { favorite: true });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: unknown.statusCode,
      body: unknown.json(),
    });

    // Marked while for sale, then sold: it may be taken off, not marked anew.
    const car = await insertVehicle(ctx.db);
    await watch(cookie, car.id, { watching: true });
    await boughtNow(ctx.app, (await codeSession()).code, car.id);
    expect((await put(cookie, car.id, { favorite: true })).statusCode).toBe(409);
    expect(await watch(cookie, car.id, { watching: false })).toEqual({
      vehicleId: car.id,
      favorite: false,
      watching: false,
    });

    const badMerges: [unknown, string][] = [
      [{ favorites: ['x'] }, WATCHLIST_TEXT.mergeIds],
      [{ watching: [1.5] }, WATCHLIST_TEXT.mergeIds],
      [{ favorites: 'all' }, WATCHLIST_TEXT.mergeIds],
      [{ favorites: Array.from({ length: 201 }, (_, i) => i + 1) }, WATCHLIST_TEXT.mergeTooMany],
    ];
    for (const [body, message] of badMerges) {
      const res = await merge(cookie, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('is for dealer sessions only', async () => {
    const car = await insertVehicle(ctx.db);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dealer/watchlist/page' })).statusCode).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/dealer/watchlist/${car.id}`,
          payload: { watching: true },
        })
      ).statusCode,
    ).toBe(401);
    // An admin is no dealer.
    expect((await ctx.call('GET', '/api/dealer/watchlist/page')).statusCode).toBe(403);
    expect((await ctx.call('POST', '/api/dealer/watchlist/merge', { favorites: [car.id] })).statusCode).toBe(
      403,
    );
  });

  it('merges the browser’s lists: only adds, ignores unknown and unlisted cars, and answers the marks of the cars sent', async () => {
    const { cookie } = await codeSession();
    const [a, b, c] = [await insertVehicle(ctx.db), await insertVehicle(ctx.db), await insertVehicle(ctx.db)];
    const queued = await insertVehicle(ctx.db, { status: 'pending', inQueue: true });
    await watch(cookie, a.id, { watching: true });

    const res = await merge(cookie, {
      favorites: [a.id, b.id, 2_000_000_000, queued.id],
      watching: [c.id, c.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const byId = (rows: { vehicleId: number; favorite: boolean; watching: boolean }[]) =>
      Object.fromEntries(rows.map((r) => [r.vehicleId, [r.favorite, r.watching]]));
    expect(byId(res.json())).toEqual({ [a.id]: [true, true], [b.id]: [true, false], [c.id]: [false, true] });

    // A merge never takes a mark off, answers only the cars it was sent (never the whole list), and
    // sending nothing changes nothing.
    expect(byId((await merge(cookie, { favorites: [], watching: [b.id] })).json())).toEqual({
      [b.id]: [true, true],
    });
    expect((await merge(cookie, {})).json()).toEqual([]);
    expect(byId(await list(cookie))).toEqual({
      [a.id]: [true, true],
      [b.id]: [true, true],
      [c.id]: [false, true],
    });
  });
});

describe('the watchlist, paged by the server (issue #47)', () => {
  it('walks the person’s marks, the latest first, at any page size; one car by its id; a total', async () => {
    const { cookie } = await codeSession();
    const cars = [];
    for (let i = 0; i < 5; i++) cars.push(await insertVehicle(ctx.db));
    for (const car of cars) await watch(cookie, car.id, { favorite: true });
    // Two marks made in the same instant are ordered by the entry (the cursor holds both).
    await ctx.db.execute(
      sql`update watchlist_entries set created_at = '2026-01-02 03:04:05.123456+00' where vehicle_id in (${cars[1]!.id}, ${cars[2]!.id})`,
    );
    const newestFirst = [cars[4], cars[3], cars[0], cars[2], cars[1]].map((car) => car!.id);
    for (const limit of [1, 2, 100])
      expect(
        (await walk(cookie, limit)).map((e) => e.vehicleId),
        `by ${limit}`,
      ).toEqual(newestFirst);
    const first = (await read(cookie)('/api/dealer/watchlist/page?limit=2')).json();
    expect(first).toMatchObject({
      total: 5,
      items: [{ vehicleId: cars[4]!.id }, { vehicleId: cars[3]!.id }],
    });
    expect(first.nextCursor).toEqual(expect.any(String));

    // The one car a link or the vehicle page names, wherever it is in the list.
    const named = (await read(cookie)(`/api/dealer/watchlist/page?id=${cars[1]!.id}&limit=1`)).json();
    expect(named).toEqual({
      items: [expect.objectContaining({ vehicleId: cars[1]!.id, favorite: true, watching: false })],
      nextCursor: null,
      total: 1,
    });
    // A car not on the list: an empty page (its buttons read unpressed).
    const unmarked = await insertVehicle(ctx.db);
    expect((await read(cookie)(`/api/dealer/watchlist/page?id=${unmarked.id}`)).json()).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
  });

  it('is the person’s own: another member of the dealership or another dealership reads none of it, even by id', async () => {
    const team = await codeSession();
    const alice = await memberSession(team.dealer.id, 'viewer');
    const bob = await memberSession(team.dealer.id, 'owner');
    const other = await codeSession();
    const car = await insertVehicle(ctx.db);
    await watch(alice.cookie, car.id);
    expect((await read(alice.cookie)('/api/dealer/watchlist/page')).json()).toMatchObject({
      items: [{ vehicleId: car.id, watching: true }],
      total: 1,
    });
    for (const cookie of [bob.cookie, other.cookie])
      expect((await read(cookie)(`/api/dealer/watchlist/page?id=${car.id}`)).json()).toEqual({
        items: [],
        nextCursor: null,
        total: 0,
      });
  });

  it('leaves out a car back in the queue from the page and its total; refuses a bad limit, cursor or id (400)', async () => {
    const { cookie } = await codeSession();
    const [kept, queued] = [await insertVehicle(ctx.db), await insertVehicle(ctx.db)];
    await watch(cookie, kept.id);
    await watch(cookie, queued.id);
    await ctx.db.execute(sql`update vehicles set in_queue = true where id = ${queued.id}`);
    expect((await read(cookie)('/api/dealer/watchlist/page?limit=1')).json()).toMatchObject({
      items: [{ vehicleId: kept.id }],
      nextCursor: null,
      total: 1,
    });
    expect((await read(cookie)(`/api/dealer/watchlist/page?id=${queued.id}`)).json().total).toBe(0);

    for (const query of [
      ...BAD_DEALER_LIST_QUERIES,
      `cursor=${Buffer.from(JSON.stringify(['newest', 'not a time', 1])).toString('base64url')}`,
      `cursor=${Buffer.from(JSON.stringify(['oldest', '2026-01-01 00:00:00+00', 1])).toString('base64url')}`,
    ]) {
      const res = await read(cookie)(`/api/dealer/watchlist/page?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toEqual(expect.any(String));
    }
  });
});

describe('watched cars notify', () => {
  it('a price drop tells each watching person once per drop: at their address, or the dealership’s main contact', async () => {
    const team = await codeSession();
    const watcher = await memberSession(team.dealer.id, 'buyer');
    const favoriteOnly = await memberSession(team.dealer.id, 'owner');
    const teamless = await codeSession();
    const car = await insertVehicle(ctx.db, { year: 2018, make: 'Mazda', model: 'CX-5', price: '24000.00' });
    await watch(watcher.cookie, car.id);
    await watch(favoriteOnly.cookie, car.id, { favorite: true });
    await watch(teamless.cookie, car.id);

    const edit = async (price: string) => {
      const current = (await ctx.call('GET', '/api/vehicles'))
        .json()
        .find((v: { id: number }) => v.id === car.id);
      const res = await ctx.call('PATCH', `/api/vehicles/${car.id}`, {
        action: 'edit',
        expectedUpdatedAt: current.updatedAt,
        price,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await edit('22500');
    let rows = await watchedMessages(car.id);
    expect(recipientsOf(rows)).toEqual([watcher.member.email.toLowerCase(), teamless.dealer.email].sort());
    expect(rows[0]!.payload).toMatchObject({
      template: 'watched_vehicle',
      facts: { change: { reason: 'price_drop', oldPrice: '24000.00' } },
    });
    const message = renderPayload(messageContextOf(ctx.config), rows[0]!.payload);
    expect(message.text).toContain('dropped from $24,000 to $22,500');
    expect(message.subject).toContain('2018 Mazda CX-5');

    // Told again (the drop's audit row keys it), nothing duplicated.
    await ctx.db.transaction((tx) => notifyWatchersOfPriceDrop(tx, car.id));
    expect(await watchedMessages(car.id)).toHaveLength(2);

    // A price rise tells no one; the next drop does.
    await edit('23000');
    expect(await watchedMessages(car.id)).toHaveLength(2);
    await edit('21000');
    rows = await watchedMessages(car.id);
    expect(rows).toHaveLength(4);
    expect(renderPayload(messageContextOf(ctx.config), rows.at(-1)!.payload).text).toContain(
      'dropped from $23,000 to $21,000',
    );
  });

  it('a disabled member’s watch goes to the dealership’s main contact, as buy-order alerts do', async () => {
    const team = await codeSession();
    const gone = await memberSession(team.dealer.id, 'buyer');
    const car = await insertVehicle(ctx.db);
    await watch(gone.cookie, car.id);
    await ctx.db
      .update(dealerUsers)
      .set({ disabledAt: new Date() })
      .where(eq(dealerUsers.id, gone.member.id));
    await boughtNow(ctx.app, (await codeSession()).code, car.id);
    expect(recipientsOf(await watchedMessages(car.id))).toEqual([team.dealer.email]);
  });

  it('an expired offer tells the watchers the car is still available, not the dealership that made it, nor whose or how much', async () => {
    const offerer = await codeSession();
    const offererOwner = await memberSession(offerer.dealer.id, 'owner');
    const watcherTeam = await codeSession();
    const watcher = await memberSession(watcherTeam.dealer.id, 'buyer');
    const teamless = await codeSession();
    const car = await insertVehicle(ctx.db, { make: 'Subaru', model: 'Outback', year: 2020 });
    for (const cookie of [watcher.cookie, offererOwner.cookie, teamless.cookie]) await watch(cookie, car.id);

    // The code is the owner's now (docs/design.md §11): the offer is the offering dealership's.
    const offerId = await madeOffer(ctx.app, car.id, offerer.code, { amount: '17350' });
    await ctx.db
      .update(offers)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(offers.id, offerId));
    expect(await expireOffers(ctx.db)).toBeGreaterThanOrEqual(1);

    const rows = await watchedMessages(car.id);
    expect(recipientsOf(rows)).toEqual([watcher.member.email.toLowerCase(), teamless.dealer.email].sort());
    const message = renderPayload(messageContextOf(ctx.config), rows[0]!.payload);
    expect(message.subject).toContain('still available');
    for (const text of [message.subject, message.text, message.sms]) {
      expect(text).not.toContain(offerer.dealer.dealerName);
      expect(text).not.toContain('17,350');
    }
    // The offerer hears of its own offer through offer_expired, as before.
    const own = await ctx.db
      .select({ recipient: notifications.recipient })
      .from(notifications)
      .where(
        and(
          eq(notifications.event, 'offer_expired'),
          sql`${notifications.idempotencyKey} like ${`offer_expired:${offerId}:%`}`,
        ),
      );
    expect(own.map((r) => r.recipient)).toEqual([offerer.dealer.email]);

    // The sweep again, or the same expiry told twice: nothing new.
    await expireOffers(ctx.db);
    await ctx.db.transaction((tx) =>
      notifyWatchers(tx, {
        reason: 'offer_expired',
        vehicleId: car.id,
        offerId,
        offererDealerId: offerer.dealer.id,
      }),
    );
    expect(await watchedMessages(car.id)).toHaveLength(2);

    // An offer that expires on a car no longer for sale tells no one.
    const pulled = await insertVehicle(ctx.db);
    await watch(watcher.cookie, pulled.id);
    const late = await madeOffer(ctx.app, pulled.id, teamless.code, { amount: '12000' });
    await ctx.db.execute(sql`update vehicles set in_queue = true where id = ${pulled.id}`);
    await ctx.db
      .update(offers)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(offers.id, late));
    await expireOffers(ctx.db);
    expect(await watchedMessages(pulled.id)).toEqual([]);
  });

  it('a sale tells the watchers, not the dealership that bought it; once per sale', async () => {
    const buyer = await codeSession();
    const buyerOwner = await memberSession(buyer.dealer.id, 'owner');
    const watcherTeam = await codeSession();
    const watcher = await memberSession(watcherTeam.dealer.id, 'owner');
    const teamless = await codeSession();
    const car = await insertVehicle(ctx.db, { make: 'Ford', model: 'F-150', year: 2017 });
    for (const cookie of [buyerOwner.cookie, watcher.cookie, teamless.cookie]) await watch(cookie, car.id);
    // A favorite alone is not told.
    const favorite = await memberSession(watcherTeam.dealer.id, 'buyer');
    await watch(favorite.cookie, car.id, { favorite: true });

    const transactionId = await boughtNow(ctx.app, buyer.code, car.id);
    const rows = await watchedMessages(car.id);
    expect(recipientsOf(rows)).toEqual([watcher.member.email.toLowerCase(), teamless.dealer.email].sort());
    expect(rows[0]!.payload).toMatchObject({ facts: { change: { reason: 'sold' } } });
    expect(renderPayload(messageContextOf(ctx.config), rows[0]!.payload).text).toContain(
      'no longer available',
    );

    await ctx.db.transaction((tx) =>
      notifyWatchers(tx, {
        reason: 'sold',
        vehicleId: car.id,
        transactionId,
        buyerDealerId: buyer.dealer.id,
      }),
    );
    expect(await watchedMessages(car.id)).toHaveLength(2);
  });
});
