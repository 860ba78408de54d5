import { dateInZone } from '@contracts/business-days';
import { BUY_ORDER_TEXT, MAX_OPEN_BUY_ORDERS, SAVED_SEARCH_TEXT } from '@contracts/buy-orders';
import { MARKET_TIME_ZONE } from '@contracts/dates';
import { DELIVERY_TEXT } from '@contracts/delivery';
import { LISTING_TEXT } from '@contracts/listings';
import { MONEY_TEXT } from '@contracts/money';
import { SEARCH_TEXT } from '@contracts/vehicle-search';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertMember, insertVehicle, MEMBER_PASSWORD } from '../../../test/factories';
import {
  BAD_DEALER_LIST_QUERIES,
  boughtNow,
  dealerWithCode,
  nextAddress,
  walkPages,
} from '../../../test/helpers';
import { signIn, signInMember } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { buyOrders, dealers, notifications } from '../../db/schema';

// The outbox's sender does not run here (an hour between passes): a test reads its rows as queued.
const ctx = withApp({ signIn: ['admin', 'staff'], env: { NOTIFICATION_INTERVAL_MS: '3600000' } });

/** A day `days` from today, as the order form sends it. */
/** A day counted from the market's today (the server checks needed-by in the market's zone, not UTC). */
const inDays = (days: number) =>
  new Date(Date.parse(`${dateInZone(new Date(), MARKET_TIME_ZONE)}T12:00:00Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);

const ORDER = {
  targets: [{ make: 'toyota', model: 'RAV4' }, { make: 'Honda' }],
  yearMin: 2018,
  yearMax: 2021,
  maxMiles: 60000,
  maxPrice: '25000',
  minGrade: '3.5',
  certification: 'all',
  quantity: 2,
  neededBy: inDays(30),
  deliveryZip: '60614',
};

async function dealerSession() {
  const { dealer, code } = await dealerWithCode(ctx.db);
  const cookie = await signIn(
    ctx.app,
    'dealer',
    { dealerName: dealer.dealerName, buyCode: code },
    nextAddress(),
  );
  return { dealer, code, cookie };
}

const place = (cookie: string, body: unknown) => ctx.call('POST', '/api/dealer/buy-orders', body, cookie);
const list = async (cookie: string) =>
  (await ctx.call('GET', '/api/dealer/buy-orders/page?limit=100', undefined, cookie)).json().items;

/** A car in the admin's queue, then published with Complete Listing (PATCH as the spec's admin does). */
async function publish(
  fields: Partial<Parameters<typeof insertVehicle>[1]> & { price?: string; mileage?: number },
  /** More of Complete Listing's body (firstLookMinutes). */
  more: Record<string, unknown> = {},
) {
  const { price = '21000', mileage = 40000, condition = 'Auction Certified', ...rest } = fields;
  const queued = await insertVehicle(ctx.db, {
    make: 'Toyota',
    model: 'RAV4',
    year: 2019,
    grade: '4.0',
    status: 'pending',
    inQueue: true,
    price: null,
    mileage: null,
    condition: null,
    ...rest,
  });
  const res = await ctx.call('PATCH', `/api/vehicles/${queued.id}`, {
    status: 'active',
    inQueue: false,
    price,
    mileage,
    condition,
    ...more,
  });
  expect(res.statusCode, res.body).toBe(200);
  return queued.id;
}

const alertsFor = (vehicleId: number) =>
  ctx.db
    .select({ recipient: notifications.recipient, payload: notifications.payload })
    .from(notifications)
    .where(
      and(
        eq(notifications.event, 'buy_order_match'),
        sql`${notifications.idempotencyKey} like ${`buy_order_match:${vehicleId}:%`}`,
      ),
    );

describe('placing a buy order', () => {
  it('is saved with its makes and models, named for the person who placed it, and listed open', async () => {
    const { dealer } = await dealerSession();
    const owner = await insertMember(ctx.db, { dealerId: dealer.id, role: 'owner', name: 'Olga Owner' });
    const cookie = await signInMember(ctx.app, owner.email, MEMBER_PASSWORD, nextAddress());
    const res = await place(cookie, ORDER);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'open',
      targets: [
        { make: 'Honda', model: null },
        { make: 'Toyota', model: 'RAV4' },
      ],
      yearMin: 2018,
      yearMax: 2021,
      maxMiles: 60000,
      maxPrice: '25000.00',
      minGrade: '3.5',
      quantity: 2,
      filled: 0,
      deliveryZip: '60614',
      placedBy: 'Olga Owner',
      matches: [],
    });
    expect((await list(cookie)).map((o: { id: number }) => o.id)).toEqual([res.json().id]);
  });

  it('matches the cars already listed when it is placed, and says which (no alert: the dealer sees them)', async () => {
    // Issue #44: a new order said "No match yet" while a matching car was listed.
    const target = { make: 'Acura', model: 'MDX' };
    const car = { ...target, year: 2020, mileage: 30000 };
    const listed = await publish({ ...car, price: '20500' });
    // Held for a first look for another dealership (its order matched when the car was completed).
    const first = await dealerSession();
    expect((await place(first.cookie, { ...ORDER, targets: [target] })).statusCode).toBe(201);
    const held = await publish({ ...car, price: '20400' }, { firstLookMinutes: 120 });
    const alertsBefore = (await alertsFor(listed)).length;
    const { cookie } = await dealerSession();
    const res = await place(cookie, { ...ORDER, targets: [target] });
    expect(res.statusCode, res.body).toBe(201);
    const ids = res.json().matches.map((m: { vehicleId: number }) => m.vehicleId);
    expect(ids).toContain(listed);
    // A car held for another dealership's first look is not this dealership's to hear of yet.
    expect(ids).not.toContain(held);
    expect(await alertsFor(listed)).toHaveLength(alertsBefore);
  });

  it('refuses bad input with a clear message and saves nothing', async () => {
    const { dealer, cookie } = await dealerSession();
    const cases: [Record<string, unknown>, string][] = [
      [{ targets: [] }, BUY_ORDER_TEXT.targetsRequired],
      [{ targets: [{ make: ' ' }] }, BUY_ORDER_TEXT.chooseMake],
      [{ targets: [{ make: 'Toyoda' }] }, `${BUY_ORDER_TEXT.unknownMake}: Toyoda`],
      [{ yearMin: 2022, yearMax: 2019 }, BUY_ORDER_TEXT.yearRange],
      [{ yearMin: 1700 }, BUY_ORDER_TEXT.year],
      [{ maxMiles: -5 }, BUY_ORDER_TEXT.miles],
      [{ maxPrice: '0' }, MONEY_TEXT.amountPositive],
      [{ maxPrice: '-100' }, MONEY_TEXT.amountPositive],
      [{ minGrade: '5.5' }, BUY_ORDER_TEXT.grade],
      [{ quantity: 0 }, BUY_ORDER_TEXT.quantity],
      [{ quantity: 51 }, BUY_ORDER_TEXT.quantity],
      [{ neededBy: inDays(-1) }, BUY_ORDER_TEXT.neededBy],
      [{ neededBy: inDays(400) }, BUY_ORDER_TEXT.neededBy],
      [{ neededBy: '2027-02-30' }, BUY_ORDER_TEXT.neededBy],
      [{ deliveryZip: 'SW1A 1AA' }, BUY_ORDER_TEXT.zip],
      [{ deliveryZip: '00000' }, BUY_ORDER_TEXT.zip],
    ];
    for (const [change, message] of cases) {
      const res = await place(cookie, { ...ORDER, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message, JSON.stringify(change)).toContain(message);
    }
    expect(await ctx.db.select().from(buyOrders).where(eq(buyOrders.dealerId, dealer.id))).toEqual([]);
  });

  it("refuses a delivery ZIP that is not a known US ZIP with the transport quote's message; a known one is placed", async () => {
    const { dealer, cookie } = await dealerSession();
    for (const deliveryZip of ['99999', '00001']) {
      const res = await place(cookie, { ...ORDER, deliveryZip });
      expect(res.statusCode, deliveryZip).toBe(400);
      expect(res.json()).toEqual({ message: DELIVERY_TEXT.zipUnknown(deliveryZip), code: 'BAD_REQUEST' });
    }
    expect(await ctx.db.select().from(buyOrders).where(eq(buyOrders.dealerId, dealer.id))).toEqual([]);

    const placed = await place(cookie, { ...ORDER, deliveryZip: '02139' });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ deliveryZip: '02139' });
  });

  it('is refused to a viewer, and to anyone not signed in as a dealer', async () => {
    const { dealer } = await dealerSession();
    const viewer = await insertMember(ctx.db, { dealerId: dealer.id, role: 'viewer' });
    const cookie = await signInMember(ctx.app, viewer.email, MEMBER_PASSWORD, nextAddress());
    const refused = await place(cookie, ORDER);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BUY_ORDER_TEXT.viewerRefused);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/dealer/buy-orders', payload: ORDER })).statusCode,
    ).toBe(401);
    expect((await ctx.call('POST', '/api/dealer/buy-orders', ORDER)).statusCode).toBe(403);
  });

  it(`keeps at most ${MAX_OPEN_BUY_ORDERS} open orders per dealership; a cancelled one frees a place`, async () => {
    const { dealer, cookie } = await dealerSession();
    const rows = Array.from({ length: MAX_OPEN_BUY_ORDERS }, () => ({
      dealerId: dealer.id,
      quantity: 1,
      neededBy: inDays(10),
      deliveryZip: '10001',
    }));
    const inserted = await ctx.db.insert(buyOrders).values(rows).returning({ id: buyOrders.id });
    const tooMany = await place(cookie, ORDER);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(BUY_ORDER_TEXT.tooMany);
    const cancel = await ctx.call(
      'PATCH',
      `/api/dealer/buy-orders/${inserted[0]!.id}`,
      { status: 'cancelled' },
      cookie,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().status).toBe('cancelled');
    expect((await place(cookie, ORDER)).statusCode).toBe(201);
  });

  it("pauses, resumes and cancels; a closed order stays closed; another dealership's is not found", async () => {
    const { cookie } = await dealerSession();
    const other = await dealerSession();
    const id = (await place(cookie, ORDER)).json().id;
    const patch = (status: string, as = cookie) =>
      ctx.call('PATCH', `/api/dealer/buy-orders/${id}`, { status }, as);
    expect((await patch('paused')).json().status).toBe('paused');
    expect((await patch('open')).json().status).toBe('open');
    expect((await patch('paused', other.cookie)).statusCode).toBe(404);
    expect((await patch('cancelled')).json().status).toBe('cancelled');
    const closed = await patch('open');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(BUY_ORDER_TEXT.closed);
    expect((await patch('filled')).statusCode).toBe(400);
  });
});

describe('matching a published car (docs/design.md §13)', () => {
  it('matches on every field at its boundary, alerts the person once through the outbox, and never a paused order', async () => {
    const { dealer } = await dealerSession();
    const buyer = await insertMember(ctx.db, { dealerId: dealer.id, role: 'buyer', name: 'Bea Buyer' });
    const cookie = await signInMember(ctx.app, buyer.email, MEMBER_PASSWORD, nextAddress());
    const id = (await place(cookie, ORDER)).json().id;
    const paused = (await place(cookie, ORDER)).json().id;
    await ctx.call('PATCH', `/api/dealer/buy-orders/${paused}`, { status: 'paused' }, cookie);

    // Exactly at every limit: year 2021, 60,000 miles, $25,000, grade 3.5 → a match.
    const atLimits = await publish({ year: 2021, grade: '3.5', mileage: 60000, price: '25000' });
    // One step past each limit, or another model of Toyota → no match.
    const misses = [
      await publish({ year: 2017 }),
      await publish({ year: 2022 }),
      await publish({ mileage: 60001 }),
      await publish({ price: '25000.01' }),
      await publish({ grade: '3.4' }),
      await publish({ grade: null }),
      await publish({ model: 'Camry' }),
      await publish({ make: 'Ford', model: 'Escape' }),
    ];
    // Any Honda model matches the make-only target, in any letter case.
    const honda = await publish({ make: 'HONDA', model: 'Pilot' });

    const order = (await list(cookie)).find((o: { id: number }) => o.id === id);
    expect(order.matches.map((m: { vehicleId: number }) => m.vehicleId).sort()).toEqual(
      [atLimits, honda].sort(),
    );
    expect((await list(cookie)).find((o: { id: number }) => o.id === paused).matches).toEqual([]);
    // Other tests' orders match these cars too: count this buyer's alerts.
    const mine = async (vehicleId: number) =>
      (await alertsFor(vehicleId)).filter((a) => a.recipient === buyer.email.toLowerCase());
    for (const miss of misses) expect(await mine(miss)).toEqual([]);

    const alerts = await mine(atLimits);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      recipient: buyer.email.toLowerCase(),
      payload: { template: 'buy_order_match', facts: { orderId: id, reason: 'published' } },
    });
  });

  it('filters by certification', async () => {
    const { cookie } = await dealerSession();
    const auction = (
      await place(cookie, { ...ORDER, targets: [{ make: 'Kia' }], certification: 'auction' })
    ).json().id;
    const premium = (
      await place(cookie, { ...ORDER, targets: [{ make: 'Kia' }], certification: 'premium' })
    ).json().id;
    const a = await publish({ make: 'Kia', model: 'Sorento', condition: 'Auction Certified' });
    const p = await publish({ make: 'Kia', model: 'Sorento', condition: `${'Deal Machine'} Certified` });
    const orders = await list(cookie);
    const matched = (id: number) =>
      orders.find((o: { id: number }) => o.id === id).matches.map((m: { vehicleId: number }) => m.vehicleId);
    expect(matched(auction)).toEqual([a]);
    expect(matched(premium)).toEqual([p]);
  });

  it('reads an open order past its needed-by date as expired and matches it no more', async () => {
    const { cookie } = await dealerSession();
    const id = (await place(cookie, { ...ORDER, targets: [{ make: 'Subaru' }] })).json().id;
    await ctx.db
      .update(buyOrders)
      .set({ neededBy: inDays(-3) })
      .where(eq(buyOrders.id, id));
    const car = await publish({ make: 'Subaru', model: 'Outback' });
    const order = (await list(cookie)).find((o: { id: number }) => o.id === id);
    expect(order.status).toBe('expired');
    expect(order.matches).toEqual([]);
    expect(await alertsFor(car)).toEqual([]);
    const closed = await ctx.call('PATCH', `/api/dealer/buy-orders/${id}`, { status: 'paused' }, cookie);
    expect(closed.statusCode).toBe(409);
  });
});

describe('filling an order with purchases', () => {
  it('counts a matching purchase, is filled at its quantity, and a cancelled sale gives the car back', async () => {
    const { code, cookie } = await dealerSession();
    const id = (
      await place(cookie, { ...ORDER, targets: [{ make: 'Mazda', model: 'CX-5' }], quantity: 1 })
    ).json().id;
    // Bought before a match was recorded (an order placed after the car was listed) counts too.
    const listed = await insertVehicle(ctx.db, {
      make: 'Mazda',
      model: 'CX-5',
      year: 2020,
      grade: '4.0',
      price: '20000',
    });
    const sale = await boughtNow(ctx.app, code, listed.id);
    let order = (await list(cookie)).find((o: { id: number }) => o.id === id);
    expect(order).toMatchObject({
      status: 'filled',
      filled: 1,
      matches: [{ vehicleId: listed.id, bought: true }],
    });

    // A filled order matches no new car.
    const next = await publish({ make: 'Mazda', model: 'CX-5', year: 2020 });
    expect(await alertsFor(next)).toEqual([]);

    // The admin cancels the sale: the order counts it no more and is open again.
    const cancelled = await ctx.call('PATCH', `/api/transactions/${sale}`, { cancelled: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    order = (await list(cookie)).find((o: { id: number }) => o.id === id);
    expect(order).toMatchObject({ status: 'open', filled: 0 });
  });

  it("does not count the dealership's purchase of a car that does not match, or another dealership's of one that does", async () => {
    const { code, cookie } = await dealerSession();
    const other = await dealerSession();
    const id = (await place(cookie, { ...ORDER, targets: [{ make: 'Volvo' }] })).json().id;
    const tooExpensive = await insertVehicle(ctx.db, {
      make: 'Volvo',
      model: 'XC60',
      year: 2020,
      grade: '4.0',
      price: '30000',
    });
    const matching = await insertVehicle(ctx.db, {
      make: 'Volvo',
      model: 'XC60',
      year: 2020,
      grade: '4.0',
      price: '20000',
    });
    await boughtNow(ctx.app, code, tooExpensive.id);
    await boughtNow(ctx.app, other.code, matching.id);
    expect((await list(cookie)).find((o: { id: number }) => o.id === id)).toMatchObject({
      status: 'open',
      filled: 0,
    });
  });
});

type DemandOrderRow = { id: number; dealerName: string; matchCount: number; status: string };
const walkOrders = (path: string, limit = 100) =>
  walkPages<DemandOrderRow>((url) => ctx.call('GET', url), path, limit);

describe('Admin → Demand', () => {
  it('groups the open orders by make, model and years with cars wanted, budgets and matches; lists every order', async () => {
    const a = await dealerSession();
    const b = await dealerSession();
    const wanted = { ...ORDER, targets: [{ make: 'Genesis', model: 'G80' }], yearMin: 2020, yearMax: 2022 };
    const first = (await place(a.cookie, { ...wanted, quantity: 2, maxPrice: '30000' })).json().id;
    const second = (await place(b.cookie, { ...wanted, quantity: 1, maxPrice: '40000' })).json().id;
    const paused = (await place(b.cookie, wanted)).json().id;
    await ctx.call('PATCH', `/api/dealer/buy-orders/${paused}`, { status: 'paused' }, b.cookie);
    const car = await publish({ make: 'Genesis', model: 'G80', year: 2021, price: '29000' });

    const res = await ctx.call('GET', '/api/buy-orders/demand');
    expect(res.statusCode, res.body).toBe(200);
    const { groups } = res.json();
    // The orders are their own list, paged by the server (issue #47): every order, newest first.
    const orders = await walkOrders('/api/buy-orders/demand/orders', 2);
    expect(orders.map((o) => o.id)).toEqual([...orders.map((o) => o.id)].sort((x, y) => y - x));
    expect(groups.filter((g: { make: string }) => g.make === 'Genesis')).toEqual([
      {
        make: 'Genesis',
        model: 'G80',
        yearMin: 2020,
        yearMax: 2022,
        orders: 2,
        dealers: 2,
        carsWanted: 3,
        budgetMin: '30000.00',
        budgetMax: '40000.00',
        budgetTotal: '100000.00',
        oldestDays: 0,
        matches: 2,
        orderIds: [second, first],
      },
    ]);
    const row = (id: number) => orders.find((o: { id: number }) => o.id === id);
    expect(row(first)).toMatchObject({ dealerName: a.dealer.dealerName, matchCount: 1, status: 'open' });
    expect(row(second)).toMatchObject({ dealerName: b.dealer.dealerName, matchCount: 1 });
    expect(row(paused)).toMatchObject({ status: 'paused', matchCount: 0 });
    expect(car).toBeGreaterThan(0);

    // A group's orders: its open ones, as the aggregate lists them; a search by dealer, make or number.
    const group = `/api/buy-orders/demand/orders?make=Genesis&model=G80&yearMin=2020&yearMax=2022`;
    expect((await walkOrders(group, 1)).map((o) => o.id)).toEqual([second, first]);
    expect(
      (await walkOrders('/api/buy-orders/demand/orders?make=Genesis&yearMin=2020&yearMax=2022')).length,
    ).toBe(0);
    const dealerName = encodeURIComponent(b.dealer.dealerName.slice(2).toUpperCase());
    expect((await walkOrders(`/api/buy-orders/demand/orders?q=${dealerName}`)).map((o) => o.id)).toEqual([
      paused,
      second,
    ]);
    expect((await walkOrders('/api/buy-orders/demand/orders?q=genesis')).map((o) => o.id)).toEqual(
      expect.arrayContaining([paused, second, first]),
    );
    expect((await walkOrders(`/api/buy-orders/demand/orders?q=${first}`)).map((o) => o.id)).toContain(first);

    // A damaged cursor or a bad limit is a 400; dealers see their own orders only.
    for (const query of ['cursor=garbage!', 'limit=0', 'limit=101', 'yearMin=x'])
      expect((await ctx.call('GET', `/api/buy-orders/demand/orders?${query}`)).statusCode, query).toBe(400);
    expect((await ctx.call('GET', '/api/buy-orders/demand', undefined, a.cookie)).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/buy-orders/demand/orders', undefined, a.cookie)).statusCode).toBe(
      403,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/buy-orders/demand/orders' })).statusCode).toBe(
      401,
    );
  });
});

describe('Admin → Demand → an order’s history', () => {
  const history = (id: number, cookie?: string) =>
    ctx.call('GET', `/api/buy-orders/${id}/history`, undefined, cookie);

  it('lists each match with its alert and delivery state, and what became of the car', async () => {
    // A dealership without a team: its alerts go to its main contact, and its buy code buys.
    const { dealer, code, cookie } = await dealerSession();
    const other = await dealerSession();
    const id = (
      await place(cookie, { ...ORDER, targets: [{ make: 'Lincoln', model: 'Aviator' }], quantity: 3 })
    ).json().id;
    const bought = await publish({ make: 'Lincoln', model: 'Aviator', year: 2019, price: '24000' });
    const soldElsewhere = await publish({ make: 'Lincoln', model: 'Aviator', year: 2020, price: '23000' });
    const available = await publish({ make: 'Lincoln', model: 'Aviator', year: 2021, price: '22000' });
    const inbox = dealer.email.toLowerCase();
    // The outbox sent the first car's alert (the sender is not running here).
    await ctx.db
      .update(notifications)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(notifications.idempotencyKey, `buy_order_match:${bought}:${inbox}:email`));
    await boughtNow(ctx.app, code, bought);
    await boughtNow(ctx.app, other.code, soldElsewhere);

    const res = await history(id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id,
      status: 'open',
      dealerName: dealer.dealerName,
      placedBy: null,
      personEmail: null,
      filled: 1,
      matchCount: 3,
      alertsSent: 1,
    });
    // Newest first.
    expect(body.matches.map((m: { vehicleId: number }) => m.vehicleId)).toEqual([
      available,
      soldElsewhere,
      bought,
    ]);
    const match = (vehicleId: number) =>
      body.matches.find((m: { vehicleId: number }) => m.vehicleId === vehicleId);
    const mailed = (vehicleId: number) =>
      match(vehicleId).alerts.filter((a: { channel: string }) => a.channel === 'email');
    expect(match(bought)).toMatchObject({
      title: '2019 Lincoln Aviator',
      reason: 'published',
      firstLookUntil: null,
      outcome: { kind: 'bought', amount: '24000.00', buyer: null },
    });
    expect(mailed(bought)).toEqual([
      expect.objectContaining({ recipient: inbox, status: 'sent', orderId: id, sentAt: expect.any(String) }),
    ]);
    expect(match(soldElsewhere).outcome).toMatchObject({
      kind: 'sold',
      amount: '23000.00',
      buyer: other.dealer.dealerName,
    });
    expect(mailed(soldElsewhere)).toEqual([expect.objectContaining({ status: 'queued', sentAt: null })]);
    expect(match(available).outcome).toEqual({ kind: 'available', amount: null, soldAt: null, buyer: null });
    expect(mailed(available)).toEqual([expect.objectContaining({ recipient: inbox, status: 'queued' })]);
  });

  it('shows a first-look hold, and an order with alerts off that sent none', async () => {
    const { cookie, dealer } = await dealerSession();
    const quiet = (await place(cookie, { ...ORDER, targets: [{ make: 'Buick' }] })).json().id;
    await ctx.call('PATCH', `/api/dealer/buy-orders/${quiet}`, { alerts: false }, cookie);
    const held = await publish({ make: 'Buick', model: 'Enclave' }, { firstLookMinutes: 120 });

    const body = (await history(quiet)).json();
    expect(body).toMatchObject({ alerts: false, dealerEmail: dealer.email, personEmail: null });
    expect(body.matches).toHaveLength(1);
    expect(body.matches[0]).toMatchObject({ vehicleId: held, alerts: [], outcome: { kind: 'available' } });
    const until = new Date(body.matches[0].firstLookUntil).getTime();
    expect(until).toBeGreaterThan(Date.now() + 110 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 120 * 60_000);
  });

  it('is for admins only, and says so when the order does not exist', async () => {
    const { cookie } = await dealerSession();
    const id = (await place(cookie, ORDER)).json().id;
    expect((await history(id, '')).statusCode).toBe(401);
    expect((await history(id, cookie)).statusCode).toBe(403);
    expect((await history(id, ctx.staff)).statusCode).toBe(403);
    const missing = await history(2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Buy order not found');
    expect((await history(0)).statusCode).toBe(400);
  });
});

describe('editing a published listing (listing lifecycle)', () => {
  const edit = (id: number, body: Record<string, unknown>) =>
    ctx.call('PATCH', `/api/vehicles/${id}`, { action: 'edit', ...body });
  const current = async (id: number) =>
    (await ctx.call('GET', '/api/vehicles')).json().find((v: { id: number }) => v.id === id) as {
      updatedAt: string;
      price: string;
    };

  it('changes price, mileage and description, refuses a stale form, and a price drop alerts the orders it now matches', async () => {
    const { dealer } = await dealerSession();
    const buyer = await insertMember(ctx.db, { dealerId: dealer.id, role: 'buyer' });
    const cookie = await signInMember(ctx.app, buyer.email, MEMBER_PASSWORD, nextAddress());
    const order = (await place(cookie, { ...ORDER, targets: [{ make: 'Lexus', model: 'RX' }] })).json().id;
    const car = await publish({ make: 'Lexus', model: 'RX', year: 2020, price: '31000' });
    expect((await list(cookie)).find((o: { id: number }) => o.id === order).matches).toEqual([]);

    const before = await current(car);
    const dropped = await edit(car, {
      expectedUpdatedAt: before.updatedAt,
      price: '$24,900',
      mileage: 41000,
      description: 'New tires.',
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json()).toMatchObject({ price: '24900.00', mileage: 41000, description: 'New tires.' });
    const alerts = (await alertsFor(car)).filter((a) => a.recipient === buyer.email.toLowerCase());
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.payload).toMatchObject({ facts: { orderId: order, reason: 'price_drop' } });

    // The form the admin filled before that edit is refused: nothing is overwritten.
    const stale = await edit(car, { expectedUpdatedAt: before.updatedAt, price: '20000' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(LISTING_TEXT.changedMeanwhile);
    expect((await current(car)).price).toBe('24900.00');

    // Bad input and cars that are not published.
    const fresh = await current(car);
    expect((await edit(car, { expectedUpdatedAt: fresh.updatedAt, price: '-5' })).statusCode).toBe(400);
    expect((await edit(car, { expectedUpdatedAt: fresh.updatedAt, vin: 'X' })).json().message).toContain(
      'These fields cannot be changed here: vin',
    );
    const queued = await insertVehicle(ctx.db, { status: 'pending', inQueue: true });
    const notPublished = await edit(queued.id, {
      expectedUpdatedAt: queued.updatedAt.toISOString(),
      price: '1000',
    });
    expect(notPublished.statusCode).toBe(409);
    expect(notPublished.json().message).toBe(LISTING_TEXT.notPublished);
    expect(
      (
        await ctx.call(
          'PATCH',
          `/api/vehicles/${car}`,
          { action: 'edit', expectedUpdatedAt: fresh.updatedAt },
          ctx.staff,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('saved searches', () => {
  const save = (cookie: string, body: Record<string, unknown>) =>
    ctx.call('POST', '/api/dealer/saved-searches', { name: 'Search', ...body }, cookie);
  const searchAlerts = (vehicleId: number) =>
    ctx.db
      .select({ recipient: notifications.recipient, payload: notifications.payload })
      .from(notifications)
      .where(
        and(
          eq(notifications.event, 'saved_search_match'),
          sql`${notifications.idempotencyKey} like ${`saved_search_match:${vehicleId}:%`}`,
        ),
      );

  it('saves a search with its /inventory address; a car published later that matches it is alerted once', async () => {
    const { dealer, cookie } = await dealerSession();
    const res = await save(cookie, {
      name: 'Auction RAV4s',
      q: 'Toyota  RAV4',
      cert: 'auction',
      grade: '3.5',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Auction RAV4s',
      q: 'Toyota  RAV4',
      cert: 'auction',
      grade: '3.5',
      path: '/inventory?q=Toyota++RAV4&cert=auction&grade=3.5',
      placedBy: null,
      matches: 0,
    });
    const match = await publish({
      make: 'Toyota',
      model: 'RAV4',
      grade: '4.0',
      condition: 'Auction Certified',
    });
    const premium = await publish({
      make: 'Toyota',
      model: 'RAV4',
      grade: '4.0',
      condition: 'Deal Machine Certified',
    });
    const lowGrade = await publish({ make: 'Toyota', model: 'RAV4', grade: '3.0' });
    const camry = await publish({ make: 'Toyota', model: 'Camry', grade: '4.0' });
    const mine = async (id: number) =>
      (await searchAlerts(id)).filter((a) => a.recipient === dealer.email.toLowerCase());
    expect(await mine(match)).toHaveLength(1);
    expect((await mine(match))[0]!.payload).toMatchObject({
      template: 'saved_search_match',
      facts: { searchName: 'Auction RAV4s' },
    });
    for (const miss of [premium, lowGrade, camry]) expect(await mine(miss)).toEqual([]);
    const listed = (
      await ctx.call('GET', '/api/dealer/saved-searches/page?limit=100', undefined, cookie)
    ).json().items;
    expect(listed).toMatchObject([{ name: 'Auction RAV4s', matches: 1 }]);
  });

  it('keeps the inventory’s filters and alerts a car only when it meets every one, within the miles of the delivery ZIP', async () => {
    const { dealer, cookie } = await dealerSession();
    // No ZIP typed: the dealership's delivery ZIP (Dallas) is kept with the search.
    await ctx.db.update(dealers).set({ deliveryZip: '75201' }).where(eq(dealers.id, dealer.id));
    const res = await save(cookie, {
      name: 'RAV4s near us',
      make: 'toyota',
      model: 'rav4',
      yearMin: '2018',
      yearMax: 2020,
      priceMin: '15000',
      priceMax: '25,000',
      maxMiles: '50000',
      within: '100',
      zip: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      make: 'toyota',
      model: 'rav4',
      yearMin: 2018,
      yearMax: 2020,
      priceMin: 15000,
      priceMax: 25000,
      maxMiles: 50000,
      within: 100,
      zip: '75201',
      path: '/inventory?make=toyota&model=rav4&yearMin=2018&yearMax=2020&priceMin=15000&priceMax=25000&maxMiles=50000&within=100&zip=75201',
    });
    // At the lot (Grand Prairie, by Dallas) and in Fort Worth: in; each other car misses one filter.
    const atLot = await publish({ make: 'Toyota', model: 'RAV4', year: 2019 });
    const fortWorth = await publish({ year: 2020 }, { locationZip: '76102' });
    const misses = [
      await publish({ model: 'Camry' }),
      await publish({ year: 2021 }),
      await publish({ year: 2017 }),
      await publish({ price: '25001' }),
      await publish({ price: '14999' }),
      await publish({ mileage: 50001 }),
      await publish({}, { locationZip: '10001' }),
    ];
    const mine = async (id: number) =>
      (await searchAlerts(id)).filter((a) => a.recipient === dealer.email.toLowerCase());
    expect(await mine(atLot)).toHaveLength(1);
    expect(await mine(fortWorth)).toHaveLength(1);
    for (const miss of misses) expect(await mine(miss), String(miss)).toEqual([]);
    // The search page lists what the alert matched: the same filters, read by the search API.
    const listed = await ctx.app.inject({
      url: `/api/vehicles/search?${res.json().path.split('?')[1]}&limit=100`,
    });
    const ids = (listed.json() as { items: { id: number }[] }).items.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([atLot, fortWorth]));
    for (const miss of misses) expect(ids).not.toContain(miss);
  });

  it('refuses a search whose filters the inventory would refuse, and a distance with nothing to measure from', async () => {
    const { cookie } = await dealerSession();
    const cases: [Record<string, unknown>, string][] = [
      [{ yearMin: '2020', yearMax: '2019' }, SEARCH_TEXT.years],
      [{ priceMax: 'cheap' }, SEARCH_TEXT.number('priceMax')],
      [{ within: 25, zip: '00000' }, DELIVERY_TEXT.zipUnknown('00000')],
      // The session's dealership has no delivery ZIP and no ZIP in its address.
      [{ within: 25 }, SEARCH_TEXT.withinNeedsZip],
    ];
    for (const [body, message] of cases) {
      const res = await save(cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('reads words as the search does: part of a VIN from 5 characters, and % or _ literally', async () => {
    const { dealer, cookie } = await dealerSession();
    const target = await insertVehicle(ctx.db, {
      status: 'pending',
      inQueue: true,
      price: null,
      mileage: null,
      condition: null,
    });
    const serial = target.vin.slice(-6).toLowerCase();
    await save(cookie, { name: 'That one', q: serial });
    await save(cookie, { name: 'Percent', q: '%' });
    await save(cookie, { name: 'Underscore', q: '_' });
    const done = await ctx.call('PATCH', `/api/vehicles/${target.id}`, {
      status: 'active',
      inQueue: false,
      price: '15000',
      mileage: 30000,
      condition: 'Auction Certified',
    });
    expect(done.statusCode, done.body).toBe(200);
    const alerts = (await searchAlerts(target.id)).filter((a) => a.recipient === dealer.email.toLowerCase());
    expect(
      alerts.map((a) => (a.payload as unknown as { facts: { searchName: string } }).facts.searchName),
    ).toEqual(['That one']);
  });

  it('keeps 20 per person, deletes its own only, and refuses a viewer and a nameless search', async () => {
    const { dealer, cookie } = await dealerSession();
    for (let i = 0; i < 20; i++)
      expect((await save(cookie, { name: `S${i}`, q: `word${i}` })).statusCode).toBe(201);
    const tooMany = await save(cookie, { q: 'one more' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(SAVED_SEARCH_TEXT.tooMany);
    const [first] = (
      await ctx.call('GET', '/api/dealer/saved-searches/page?limit=100', undefined, cookie)
    ).json().items;
    const other = await dealerSession();
    expect(
      (await ctx.call('DELETE', `/api/dealer/saved-searches/${first.id}`, undefined, other.cookie))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.call('DELETE', `/api/dealer/saved-searches/${first.id}`, undefined, cookie)).statusCode,
    ).toBe(200);
    expect((await save(cookie, { q: 'fits again' })).statusCode).toBe(201);
    const blank = await save(other.cookie, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(SAVED_SEARCH_TEXT.nameRequired);
    const viewer = await insertMember(ctx.db, { dealerId: dealer.id, role: 'viewer' });
    const viewerCookie = await signInMember(ctx.app, viewer.email, MEMBER_PASSWORD, nextAddress());
    expect((await save(viewerCookie, { q: 'x' })).statusCode).toBe(403);
  });

  it('refuses a NUL or a lone surrogate in a name or a search with a 400 naming the field (issue #43)', async () => {
    const { cookie } = await dealerSession();
    const cases: [Record<string, unknown>, string][] = [
      // The review's reproduction: a NUL in the name was a generic 500.
      [{ name: 'Trucks\u0000' }, 'name'],
      [{ name: 'Trucks \ud83d' }, 'name'],
      [{ q: 'F-150 \udc00' }, 'q'],
      [{ q: 'a\u0000b' }, 'q'],
    ];
    for (const [body, field] of cases) {
      const res = await save(cookie, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({
        message: `${field}: contains a character that is not allowed`,
        code: 'BAD_REQUEST',
      });
    }
    // A whole pair (an emoji) is a character like any other.
    expect((await save(cookie, { name: 'Trucks 🚚' })).statusCode).toBe(201);
    const [saved] = (
      await ctx.call('GET', '/api/dealer/saved-searches/page?limit=100', undefined, cookie)
    ).json().items;
    const renamed = await ctx.call(
      'PATCH',
      `/api/dealer/saved-searches/${saved.id}`,
      { name: 'x\u0000' },
      cookie,
    );
    expect(renamed.json().message).toBe('name: contains a character that is not allowed');
    expect(
      (await ctx.call('GET', '/api/dealer/saved-searches/page?limit=100', undefined, cookie)).json().items,
    ).toHaveLength(1);
  });
});

describe('alerts on or off', () => {
  it('an order with alerts off still matches and lists the car but mails nothing; a saved search the same', async () => {
    const { dealer, cookie } = await dealerSession();
    const order = (await place(cookie, { ...ORDER, targets: [{ make: 'Infiniti' }] })).json().id;
    const off = await ctx.call('PATCH', `/api/dealer/buy-orders/${order}`, { alerts: false }, cookie);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ status: 'open', alerts: false });
    const search = (
      await ctx.call('POST', '/api/dealer/saved-searches', { name: 'Infinitis', q: 'infiniti' }, cookie)
    ).json().id;
    const muted = await ctx.call('PATCH', `/api/dealer/saved-searches/${search}`, { alerts: false }, cookie);
    expect(muted.json()).toMatchObject({ alerts: false });

    const quiet = await publish({ make: 'Infiniti', model: 'QX60', year: 2020 });
    const mailed = async (vehicleId: number) =>
      (
        await ctx.db
          .select({ event: notifications.event })
          .from(notifications)
          .where(
            and(
              eq(notifications.recipient, dealer.email.toLowerCase()),
              sql`${notifications.idempotencyKey} like ${`%:${vehicleId}:%`}`,
            ),
          )
      ).map((n) => n.event);
    expect(await mailed(quiet)).toEqual([]);
    expect((await list(cookie)).find((o: { id: number }) => o.id === order).matches).toMatchObject([
      { vehicleId: quiet },
    ]);
    const searches = (
      await ctx.call('GET', '/api/dealer/saved-searches/page?limit=100', undefined, cookie)
    ).json().items;
    expect(searches.find((s: { id: number }) => s.id === search)).toMatchObject({
      matches: 1,
      alerts: false,
    });

    await ctx.call('PATCH', `/api/dealer/buy-orders/${order}`, { alerts: true }, cookie);
    await ctx.call('PATCH', `/api/dealer/saved-searches/${search}`, { alerts: true }, cookie);
    const loud = await publish({ make: 'Infiniti', model: 'QX60', year: 2021 });
    expect((await mailed(loud)).sort()).toEqual(['buy_order_match', 'saved_search_match']);
    expect((await ctx.call('PATCH', `/api/dealer/buy-orders/${order}`, {}, cookie)).statusCode).toBe(400);
  });
});

describe('the dashboard’s buy orders and saved searches, paged by the server (issue #47)', () => {
  type Row = { id: number };
  const ids = (rows: readonly Row[]) => rows.map((r) => r.id);
  const as = (cookie: string) => (url: string) => ctx.call('GET', url, undefined, cookie);

  it('walks the dealership’s buy orders newest first at any page size, one by id; none of another’s', async () => {
    const { cookie } = await dealerSession();
    const placed: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await place(cookie, { ...ORDER, quantity: i + 1 });
      expect(res.statusCode, res.body).toBe(201);
      placed.push(res.json().id);
    }
    const newestFirst = [...placed].sort((a, b) => b - a);
    for (const limit of [1, 2, 100])
      expect(
        ids(await walkPages<Row>(as(cookie), '/api/dealer/buy-orders/page', limit)),
        `by ${limit}`,
      ).toEqual(newestFirst);
    // The first page holds what the whole list held: the order with its makes and models.
    const first = (await as(cookie)('/api/dealer/buy-orders/page?limit=1')).json();
    expect(first).toMatchObject({ total: 5, items: [{ id: newestFirst[0], quantity: 5, status: 'open' }] });
    expect(first.nextCursor).toEqual(expect.any(String));
    // A link names one order, which may be on another page.
    const named = (await as(cookie)(`/api/dealer/buy-orders/page?id=${placed[0]}&limit=1`)).json();
    expect(named).toMatchObject({ items: [{ id: placed[0] }], nextCursor: null, total: 1 });

    // Another dealership sees none of them, even by id.
    const other = await dealerSession();
    expect((await as(other.cookie)(`/api/dealer/buy-orders/page?id=${placed[0]}`)).json()).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
  });

  it('walks the person’s saved searches newest first, one by id; another person of the dealership has their own, a viewer reads the orders', async () => {
    const { dealer, cookie } = await dealerSession();
    const saved: number[] = [];
    for (const q of ['rav4', 'civic', 'f-150', 'tacoma']) {
      const res = await ctx.call('POST', '/api/dealer/saved-searches', { name: q, q }, cookie);
      expect(res.statusCode, res.body).toBe(201);
      saved.push(res.json().id);
    }
    const newestFirst = [...saved].sort((a, b) => b - a);
    for (const limit of [1, 3, 100])
      expect(
        ids(await walkPages<Row>(as(cookie), '/api/dealer/saved-searches/page', limit)),
        `by ${limit}`,
      ).toEqual(newestFirst);
    const named = (await as(cookie)(`/api/dealer/saved-searches/page?id=${saved[1]}&limit=1`)).json();
    expect(named).toMatchObject({ items: [{ id: saved[1], name: 'civic' }], nextCursor: null, total: 1 });
    // Saved searches are each person's: a buyer of the same dealership reads only theirs.
    const buyer = await insertMember(ctx.db, { dealerId: dealer.id, role: 'buyer' });
    const buyerCookie = await signInMember(ctx.app, buyer.email, MEMBER_PASSWORD, nextAddress());
    expect((await as(buyerCookie)('/api/dealer/saved-searches/page')).json()).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
    expect((await as(buyerCookie)(`/api/dealer/saved-searches/page?id=${saved[0]}`)).json().total).toBe(0);
    // A viewer reads the dealership's buy orders, as the whole list let them.
    const viewer = await insertMember(ctx.db, { dealerId: dealer.id, role: 'viewer' });
    const viewerCookie = await signInMember(ctx.app, viewer.email, MEMBER_PASSWORD, nextAddress());
    expect((await as(viewerCookie)('/api/dealer/buy-orders/page')).statusCode).toBe(200);
  });

  it('refuses a bad limit, cursor or id with a 400, and anyone not signed in as a dealer', async () => {
    const { cookie } = await dealerSession();
    for (const path of ['/api/dealer/buy-orders/page', '/api/dealer/saved-searches/page']) {
      for (const query of BAD_DEALER_LIST_QUERIES)
        expect((await as(cookie)(`${path}?${query}`)).statusCode, `${path}?${query}`).toBe(400);
      // A cursor of another list's order is refused too (never a 500).
      const cursor = Buffer.from(JSON.stringify(['oldest', '1', 1])).toString('base64url');
      expect((await as(cookie)(`${path}?cursor=${cursor}`)).statusCode).toBe(400);
      expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
      expect((await ctx.call('GET', path)).statusCode).toBe(403);
    }
  });
});
