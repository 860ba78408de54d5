import type { TransportStatus } from '@contracts/delivery';
import { describe, expect, it } from 'vitest';
import { insertDealer, insertVehicle } from '../../../test/factories';
import { walkPages } from '../../../test/helpers';
import { withApp } from '../../../test/with-app';
import { transactionEvents, transactions, transportOrders } from '../../db/schema';

/** The admin's transport board paged by the server (issue #47): walks, orders, views, search, counts. */

const ctx = withApp({ signIn: ['admin', 'staff'] });

interface Row {
  orderId: number;
  status: TransportStatus;
  pickupLate: boolean;
  pickupWindow: { from: string; to: string };
}
const PAST = '2020-03-02';
const LATER = '2020-03-09';
const FUTURE = '2099-06-01';
// Orders made at the same instant or a minute apart, many sharing a pickup day (ties on both keys);
// late pickups (before pickup, its day passed), a picked-up one past its day (not late), each status.
const orders: { ago: number; status: TransportStatus; pickupBy: string }[] = [
  { ago: 0, status: 'awaiting_release', pickupBy: PAST },
  { ago: 0, status: 'unassigned', pickupBy: FUTURE },
  { ago: 60_000, status: 'assigned', pickupBy: PAST },
  { ago: 60_000, status: 'picked_up', pickupBy: PAST },
  { ago: 0, status: 'in_transit', pickupBy: FUTURE },
  { ago: 120_000, status: 'delivered', pickupBy: LATER },
  { ago: 0, status: 'cancelled', pickupBy: PAST },
  { ago: 0, status: 'unassigned', pickupBy: LATER },
  { ago: 60_000, status: 'awaiting_release', pickupBy: FUTURE },
];
const isLate = (o: (typeof orders)[number]) =>
  ['awaiting_release', 'unassigned', 'assigned'].includes(o.status) && o.pickupBy < '2026-01-01';
const isOpen = (o: (typeof orders)[number]) => o.status !== 'delivered' && o.status !== 'cancelled';

let worlds = 0;
async function world() {
  worlds++;
  const base = Date.now() - 3_600_000;
  const acme = await insertDealer(ctx.db, { dealerName: `Acme Haul ${worlds}` });
  const zed = await insertDealer(ctx.db, { dealerName: `Zed Haul ${worlds}` });
  const made: {
    id: number;
    transactionId: number;
    vehicleId: number;
    vin: string;
    dealerId: number;
    pickupBy: string;
    createdAt: number;
    order: (typeof orders)[number];
  }[] = [];
  for (const [i, order] of orders.entries()) {
    const vehicle = await insertVehicle(ctx.db, { status: 'sold' });
    const dealerId = i % 3 === 0 ? zed.id : acme.id;
    const [sale] = await ctx.db
      .insert(transactions)
      .values({ vehicleId: vehicle.id, dealerId, amount: '9000.00' })
      .returning();
    const createdAt = new Date(base - order.ago);
    const [row] = await ctx.db
      .insert(transportOrders)
      .values({
        transactionId: sale!.id,
        status: order.status,
        arrangedBy: 'team',
        pickupBy: order.pickupBy,
        createdAt,
      })
      .returning();
    // The sale's timeline says the same (the fold reads it): ordered in that status, its pickup window.
    await ctx.db.insert(transactionEvents).values({
      transactionId: sale!.id,
      dealerId,
      type: 'transport_ordered',
      data: {
        orderId: row!.id,
        status: order.status,
        arrangedBy: 'team',
        fromZip: '30301',
        fromPlace: 'Atlanta, GA',
        toZip: '60601',
        toPlace: 'Chicago, IL',
        miles: 716,
        amount: '850.00',
        pickupWindow: { from: order.pickupBy, to: order.pickupBy },
        deliveryWindow: { from: order.pickupBy, to: order.pickupBy },
      },
      actorType: 'system',
    });
    made.push({
      id: row!.id,
      transactionId: sale!.id,
      vehicleId: vehicle.id,
      vin: vehicle.vin,
      dealerId,
      pickupBy: order.pickupBy,
      createdAt: createdAt.getTime(),
      order,
    });
  }
  return { acme, zed, made };
}

const PATH = '/api/transport-orders';
const get = (url: string) => ctx.call('GET', url);
/** walkPages reads `id`: an order's is its orderId. */
const walkRows = (query: string, limit = 2) =>
  walkPages<Row & { id: number }>(
    async (url) => {
      const res = await get(url);
      const body = res.json() as { items: Row[] };
      const json = () => ({ ...body, items: body.items.map((r) => ({ ...r, id: r.orderId })) });
      return { statusCode: res.statusCode, body: res.body, json };
    },
    `${PATH}?${query}`,
    limit,
  );
const walk = async (query: string, limit = 2) => (await walkRows(query, limit)).map((r) => r.orderId);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('GET /api/transport-orders, paged by the server', () => {
  it('walks every order once under each order, ties included', async () => {
    const { acme, zed, made } = await world();
    for (const dealer of [acme, zed]) {
      const mine = made.filter((o) => o.dealerId === dealer.id);
      const byPickup = [...mine]
        .sort((a, b) => a.pickupBy.localeCompare(b.pickupBy) || a.id - b.id)
        .map((o) => o.id);
      const byOldest = [...mine].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id).map((o) => o.id);
      for (const limit of [1, 3]) {
        expect(await walk(`dealerId=${dealer.id}&status=all`, limit), `pickup by ${limit}`).toEqual(byPickup);
        expect(await walk(`dealerId=${dealer.id}&status=all&sort=oldest`, limit)).toEqual(byOldest);
        expect(await walk(`dealerId=${dealer.id}&status=all&sort=newest`, limit)).toEqual(
          [...byOldest].reverse(),
        );
      }
    }
  });

  it('each view (open by default, late pickups, each status) as the fold reads the rows; counts; search', async () => {
    const { acme, zed, made } = await world();
    const ids = (keep: (o: (typeof made)[number]) => boolean) =>
      sorted(made.filter((o) => keep(o)).map((o) => o.id));
    const theirs = (dealerId: number) => (o: (typeof made)[number]) => o.dealerId === dealerId;
    for (const dealer of [acme, zed]) {
      const mine = theirs(dealer.id);
      // The default view is the open orders, earliest pickup day first: the late ones lead.
      const open = await walkRows(`dealerId=${dealer.id}`, 1);
      expect(sorted(open.map((r) => r.orderId))).toEqual(ids((o) => mine(o) && isOpen(o.order)));
      const late = await walkRows(`dealerId=${dealer.id}&status=late`, 1);
      expect(sorted(late.map((r) => r.orderId))).toEqual(ids((o) => mine(o) && isLate(o.order)));
      expect(late.every((r) => r.pickupLate)).toBe(true);
      for (const status of [
        'awaiting_release',
        'unassigned',
        'assigned',
        'picked_up',
        'delivered',
        'cancelled',
      ])
        expect(sorted(await walk(`dealerId=${dealer.id}&status=${status}`)), status).toEqual(
          ids((o) => mine(o) && o.order.status === status),
        );
      const { counts } = (await get(`${PATH}?dealerId=${dealer.id}&limit=1`)).json();
      const count = (keep: (o: (typeof made)[number]) => boolean) =>
        made.filter((o) => mine(o) && keep(o)).length;
      expect(counts).toEqual({
        open: count((o) => isOpen(o.order)),
        late: count((o) => isLate(o.order)),
        awaiting_release: count((o) => o.order.status === 'awaiting_release'),
        unassigned: count((o) => o.order.status === 'unassigned'),
        assigned: count((o) => o.order.status === 'assigned'),
        picked_up: count((o) => o.order.status === 'picked_up'),
        in_transit: count((o) => o.order.status === 'in_transit'),
        delivered: count((o) => o.order.status === 'delivered'),
        cancelled: count((o) => o.order.status === 'cancelled'),
        all: count(() => true),
      });
    }
    const target = made[2]!;
    expect(await walk(`status=all&q=${target.vin.slice(-8).toLowerCase()}`)).toEqual([target.id]);
    for (const number of [target.id, target.transactionId, target.vehicleId])
      expect(await walk(`status=all&q=${number}`)).toContain(target.id);
    expect(sorted(await walk(`status=all&q=Zed Haul ${worlds}`))).toEqual(ids(theirs(zed.id)));
    // The search narrows the counts too.
    const one = (await get(`${PATH}?q=${target.vin}&limit=1`)).json();
    expect(one.counts).toMatchObject({
      all: 1,
      [target.order.status]: 1,
      late: isLate(target.order) ? 1 : 0,
    });
  });

  it('refuses a bad cursor, another order’s cursor, a bad limit, sort or status (400), and serves admins only', async () => {
    const { acme } = await world();
    const refused = async (query: string) => {
      const res = await get(`${PATH}?${query}`);
      expect(res.statusCode, query).toBe(400);
      return res.json().message as string;
    };
    expect(await refused('cursor=garbage!')).toContain('out of date or damaged');
    const { nextCursor } = (await get(`${PATH}?dealerId=${acme.id}&status=all&limit=1`)).json();
    expect(nextCursor).toEqual(expect.any(String));
    expect(await refused(`status=all&cursor=${nextCursor}&sort=newest`)).toContain('another sort order');
    for (const limit of ['0', '101', 'x'])
      expect(await refused(`limit=${limit}`)).toContain('between 1 and 100');
    expect(await refused('status=lost')).toBeTruthy();
    expect(await refused('sort=cheapest')).toBeTruthy();
    expect((await ctx.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
    expect((await ctx.call('GET', PATH, undefined, ctx.staff)).statusCode).toBe(403);
  });
});
