import { BUYING_TEXT } from '@contracts/buying';
import { FIRST_LOOK_TEXT } from '@contracts/listing-texts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertVehicle } from '../../../test/factories';
import { buyNow, dealerWithCode, makeOffer, nextAddress, publicIds } from '../../../test/helpers';
import { signIn } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { buyOrderMatches, notifications, savedSearchMatches, vehicles } from '../../db/schema';
import { releaseDueFirstLooks } from './first-look';

const ctx = withApp({ signIn: ['admin'] });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A dealership signed in with its code, with an open order for 2019–2021 Subarus of one model under $30,000. */
async function dealerWithOrder(model: string, order: Record<string, unknown> = {}) {
  const { dealer, code } = await dealerWithCode(ctx.db);
  const cookie = await signIn(
    ctx.app,
    'dealer',
    { dealerName: dealer.dealerName, buyCode: code },
    nextAddress(),
  );
  const res = await ctx.call(
    'POST',
    '/api/dealer/buy-orders',
    {
      targets: [{ make: 'Subaru', model }],
      yearMin: 2019,
      yearMax: 2021,
      maxPrice: '30000',
      certification: 'all',
      quantity: 1,
      neededBy: inDays(20),
      deliveryZip: '30301',
      ...order,
    },
    cookie,
  );
  expect(res.statusCode, res.body).toBe(201);
  return { dealer, code, cookie, orderId: res.json().id as number };
}

/** A dealership with no order. */
async function dealerWithoutOrder() {
  const { dealer, code } = await dealerWithCode(ctx.db);
  const cookie = await signIn(
    ctx.app,
    'dealer',
    { dealerName: dealer.dealerName, buyCode: code },
    nextAddress(),
  );
  return { dealer, code, cookie };
}

/** A Subaru in the queue; each test its own model, so the orders of one do not match another's cars. */
const queued = (model: string) =>
  insertVehicle(ctx.db, {
    make: 'Subaru',
    model,
    year: 2020,
    status: 'pending',
    inQueue: true,
    price: null,
    mileage: null,
    condition: null,
  });

const complete = (id: number, extra: Record<string, unknown> = {}) =>
  ctx.call('PATCH', `/api/vehicles/${id}`, {
    action: 'complete',
    status: 'active',
    inQueue: false,
    price: '24500',
    mileage: 31000,
    condition: 'Auction Certified',
    ...extra,
  });

const getAs = (id: number, cookie?: string) =>
  ctx.app.inject({ url: `/api/vehicles/${id}`, headers: cookie ? { cookie } : {} });
const searchIds = async (q: string) =>
  ((await ctx.app.inject(`/api/vehicles/search?q=${q}`)).json().items as { id: number }[]).map((v) => v.id);
const firstLooksOf = async (cookie: string) =>
  ((await ctx.call('GET', '/api/dealer/first-looks', undefined, cookie)).json() as { id: number }[]).map(
    (v) => v.id,
  );

describe('first look', () => {
  it('holds a completed car for the dealerships whose orders match: they see it and hear of it, nobody else does', async () => {
    const held = await dealerWithOrder('Outback');
    const other = await dealerWithoutOrder();
    const car = await queued('Outback');

    const res = await complete(car.id, { firstLookMinutes: 120 });
    expect(res.statusCode, res.body).toBe(200);
    const until = new Date(res.json().firstLookUntil).getTime();
    expect(until - Date.now()).toBeGreaterThan(119 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(120 * 60_000);
    expect(res.json()).toMatchObject({ status: 'active', inQueue: true });

    // The match keeps the hold as the order's history; the alert names the first look.
    const [match] = await ctx.db.select().from(buyOrderMatches).where(eq(buyOrderMatches.vehicleId, car.id));
    expect(match?.firstLookUntil?.getTime()).toBe(until);
    const [alert] = await ctx.db
      .select({ payload: notifications.payload })
      .from(notifications)
      .where(sql`${notifications.idempotencyKey} like ${`buy_order_match:${car.id}:%`}`);
    expect(alert?.payload).toMatchObject({
      template: 'buy_order_match',
      facts: { firstLook: { until: new Date(until).toISOString() } },
    });

    // Every public read path leaves it out; the dealership it is held for sees it.
    expect(await publicIds(ctx.app)).not.toContain(car.id);
    expect(await searchIds('outback')).not.toContain(car.id);
    expect((await getAs(car.id)).statusCode).toBe(404);
    expect((await getAs(car.id, other.cookie)).statusCode).toBe(404);
    const seen = await getAs(car.id, held.cookie);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({
      id: car.id,
      price: '24500.00',
      firstLookUntil: new Date(until).toISOString(),
    });
    expect(seen.headers['cache-control']).toBe('private, no-store');
    expect(await firstLooksOf(held.cookie)).toEqual([car.id]);
    expect(await firstLooksOf(other.cookie)).toEqual([]);

    // Only they may buy it or make an offer.
    const refusedOffer = await makeOffer(ctx.app, car.id, other.code, { amount: '20000' });
    expect(refusedOffer.statusCode).toBe(409);
    expect(refusedOffer.json().message).toBe(BUYING_TEXT.vehicleUnavailable);
    const refusedBuy = await buyNow(ctx.app, other.code, car.id);
    expect(refusedBuy.statusCode).toBe(409);
    expect(refusedBuy.json().message).toBe(BUYING_TEXT.vehicleUnavailable);
    expect((await makeOffer(ctx.app, car.id, held.code, { amount: '20000' })).statusCode).toBe(201);
    const bought = await buyNow(ctx.app, held.code, car.id);
    expect(bought.statusCode, bought.body).toBe(200);

    // Sold: the hold is over; the car reads sold to everyone and counts toward the order.
    const [after] = await ctx.db.select().from(vehicles).where(eq(vehicles.id, car.id));
    expect(after).toMatchObject({ status: 'sold', inQueue: false, firstLookUntil: null });
    expect((await getAs(car.id, other.cookie)).json()).toEqual({ id: car.id, status: 'sold' });
    const order = (await ctx.call('GET', '/api/dealer/buy-orders/page', undefined, held.cookie)).json()
      .items[0];
    expect(order).toMatchObject({ id: held.orderId, filled: 1, status: 'filled' });
  });

  it('is published to everyone when the time is up: saved searches hear of it then, not before', async () => {
    const held = await dealerWithOrder('Forester');
    const other = await dealerWithoutOrder();
    const saved = await ctx.call(
      'POST',
      '/api/dealer/saved-searches',
      { name: 'Foresters', q: 'forester' },
      other.cookie,
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const car = await queued('Forester');
    expect((await complete(car.id, { firstLookMinutes: 30 })).statusCode).toBe(200);
    const searchMatches = () =>
      ctx.db
        .select()
        .from(savedSearchMatches)
        .where(
          and(eq(savedSearchMatches.vehicleId, car.id), eq(savedSearchMatches.searchId, saved.json().id)),
        );
    expect(await searchMatches()).toHaveLength(0);

    // Not yet due: nothing is released.
    await releaseDueFirstLooks(ctx.db, ctx.config.transport.lotZip);
    expect(await publicIds(ctx.app)).not.toContain(car.id);

    await ctx.db.execute(
      sql`update vehicles set first_look_until = now() - interval '1 second' where id = ${car.id}`,
    );
    expect(await releaseDueFirstLooks(ctx.db, ctx.config.transport.lotZip)).toBeGreaterThanOrEqual(1);
    const [after] = await ctx.db.select().from(vehicles).where(eq(vehicles.id, car.id));
    expect(after).toMatchObject({ status: 'active', inQueue: false, firstLookUntil: null });
    expect(await publicIds(ctx.app)).toContain(car.id);
    expect(await searchIds('forester')).toContain(car.id);
    expect((await getAs(car.id, other.cookie)).statusCode).toBe(200);
    expect(await firstLooksOf(held.cookie)).toEqual([]);
    expect(await searchMatches()).toHaveLength(1);
    // The order's history keeps the hold it had.
    const [match] = await ctx.db.select().from(buyOrderMatches).where(eq(buyOrderMatches.vehicleId, car.id));
    expect(match?.firstLookUntil).not.toBeNull();
    // A second pass finds nothing more to do.
    expect(await releaseDueFirstLooks(ctx.db, ctx.config.transport.lotZip)).toBe(0);
  });

  it('can be released by an admin at once, once', async () => {
    await dealerWithOrder('Crosstrek');
    const car = await queued('Crosstrek');
    expect((await complete(car.id, { firstLookMinutes: 240 })).statusCode).toBe(200);
    const released = await ctx.call('PATCH', `/api/vehicles/${car.id}`, { action: 'release' });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ inQueue: false, firstLookUntil: null, status: 'active' });
    expect(await publicIds(ctx.app)).toContain(car.id);
    const again = await ctx.call('PATCH', `/api/vehicles/${car.id}`, { action: 'release' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(FIRST_LOOK_TEXT.notHeld);
  });

  it('publishes at once when no open order matches (nobody to hold it for)', async () => {
    await dealerWithOrder('Ascent', { maxPrice: '15000' });
    const car = await queued('Ascent');
    const res = await complete(car.id, { firstLookMinutes: 120 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ inQueue: false, firstLookUntil: null });
    expect(await publicIds(ctx.app)).toContain(car.id);
  });

  it('tells the Complete dialog how many open orders the values match, changing nothing', async () => {
    const a = await dealerWithOrder('Legacy');
    await dealerWithOrder('Legacy', { maxPrice: '26000' });
    await ctx.call(
      'POST',
      '/api/dealer/buy-orders',
      {
        targets: [{ make: 'Subaru' }],
        certification: 'all',
        quantity: 1,
        neededBy: inDays(5),
        deliveryZip: '30301',
      },
      a.cookie,
    );
    const car = await queued('Legacy');
    const preview = (body: Record<string, unknown>) =>
      ctx.call('POST', `/api/vehicles/${car.id}/first-look-preview`, body);
    const cheap = await preview({ price: '24500', mileage: 31000, condition: 'Auction Certified' });
    expect(cheap.statusCode, cheap.body).toBe(200);
    expect(cheap.json()).toEqual({ orders: 3, dealers: 2 });
    expect((await preview({ price: '28000' })).json()).toEqual({ orders: 2, dealers: 1 });
    expect((await preview({ price: '28000', year: 2016 })).json()).toEqual({ orders: 1, dealers: 1 });
    const [after] = await ctx.db.select().from(vehicles).where(eq(vehicles.id, car.id));
    expect(after).toMatchObject({ status: 'pending', inQueue: true, price: null, year: 2020 });
    expect(
      await ctx.db.select().from(buyOrderMatches).where(eq(buyOrderMatches.vehicleId, car.id)),
    ).toHaveLength(0);
    // Admins only; a bad value is a clear 400.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/vehicles/${car.id}/first-look-preview`,
          payload: {},
        })
      ).statusCode,
    ).toBe(401);
    expect((await preview({ price: '-4' })).statusCode).toBe(400);
    expect((await ctx.call('POST', '/api/vehicles/999999/first-look-preview', {})).statusCode).toBe(404);
  });

  it('refuses a hold shorter than 30 minutes or longer than a day, changing nothing', async () => {
    const car = await queued('Impreza');
    for (const [minutes, message] of [
      [10, 'A first look lasts at least 30 minutes'],
      [24 * 60 + 1, 'A first look lasts at most 24 hours'],
      [1.5, 'firstLookMinutes must be a whole number of minutes'],
    ] as const) {
      const res = await complete(car.id, { firstLookMinutes: minutes });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const [after] = await ctx.db.select().from(vehicles).where(eq(vehicles.id, car.id));
    expect(after).toMatchObject({ status: 'pending', inQueue: true });
  });
});
