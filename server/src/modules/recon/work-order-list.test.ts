import { describe, expect, it } from 'vitest';
import { insertDealer, insertVehicle } from '../../../test/factories';
import { walkPages } from '../../../test/helpers';
import { withApp } from '../../../test/with-app';
import { transactions, workOrders } from '../../db/schema';

/** The admin's work orders paged by the server (issue #47): walks, orders, states, overdue, search, counts. */

const ctx = withApp({ signIn: ['admin', 'staff'] });

interface Row {
  id: number;
  dealerId: number;
  status: string;
  promisedOn: string;
  createdAt: string;
  overdue: boolean;
}
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
// Work orders made at the same instant or a minute apart, promised on the same days (ties on every key).
const made = [0, 0, 60_000, 60_000, 0, 120_000, 0, 60_000, 0];
const promised = [-5, -5, 3, 3, -5, 10, 3, -2, 10];
const statuses = [
  'to_do',
  'in_progress',
  'to_do',
  'done',
  'cancelled',
  'in_progress',
  'to_do',
  'done',
  'to_do',
] as const;

let worlds = 0;
async function world() {
  worlds++;
  const base = Date.now() - 3_600_000;
  const acme = await insertDealer(ctx.db, { dealerName: `Acme Recon ${worlds}` });
  const zed = await insertDealer(ctx.db, { dealerName: `Zed Motors ${worlds}` });
  const orders: { id: number; transactionId: number; vehicleId: number; vin: string; dealerId: number }[] =
    [];
  for (const [i, ago] of made.entries()) {
    const vehicle = await insertVehicle(ctx.db, { status: 'sold' });
    const dealerId = i % 3 === 0 ? zed.id : acme.id;
    const [sale] = await ctx.db
      .insert(transactions)
      .values({ vehicleId: vehicle.id, dealerId, amount: '9000.00', createdAt: new Date(base - ago) })
      .returning();
    const [order] = await ctx.db
      .insert(workOrders)
      .values({
        transactionId: sale!.id,
        vehicleId: vehicle.id,
        dealerId,
        packageName: 'Mechanical',
        packagePrice: '495.00',
        status: statuses[i]!,
        promisedOn: day(promised[i]!),
        createdAt: new Date(base - ago),
      })
      .returning();
    orders.push({
      id: order!.id,
      transactionId: sale!.id,
      vehicleId: vehicle.id,
      vin: vehicle.vin,
      dealerId,
    });
  }
  return { acme, zed, orders };
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const get = (url: string) => ctx.call('GET', url);
const PATH = '/api/admin/work-orders';

describe('GET /api/admin/work-orders, paged by the server', () => {
  it('walks every work order once under each order, ties included, and counts them', async () => {
    const { acme, zed, orders } = await world();
    const walk = (query: string, limit: number) => walkPages<Row>(get, `${PATH}?${query}`, limit);
    const all = [
      ...(await walk(`dealerId=${acme.id}&state=cancelled`, 1)),
      ...(await walk(`dealerId=${acme.id}`, 2)),
      ...(await walk(`dealerId=${zed.id}&state=cancelled`, 1)),
      ...(await walk(`dealerId=${zed.id}`, 2)),
    ];
    expect(ids(all).sort()).toEqual(ids(orders).sort());
    const time = (r: Row) => Date.parse(r.createdAt);
    const sorts = {
      due: (a: Row, b: Row) => a.promisedOn.localeCompare(b.promisedOn) || a.id - b.id,
      newest: (a: Row, b: Row) => time(b) - time(a) || b.id - a.id,
      oldest: (a: Row, b: Row) => time(a) - time(b) || a.id - b.id,
    };
    const acmes = all.filter((r) => r.dealerId === acme.id && r.status !== 'cancelled');
    for (const [sort, compare] of Object.entries(sorts))
      for (const limit of [1, 2, 100]) {
        const walked = await walk(`dealerId=${acme.id}&sort=${sort}`, limit);
        expect(ids(walked), `${sort} by ${limit}`).toEqual(ids([...acmes].sort(compare)));
      }
  });

  it('filters by state and overdue, searches by VIN, dealer or number, and counts each state', async () => {
    const { acme, zed, orders } = await world();
    const walk = (query: string) => walkPages<Row>(get, `${PATH}?${query}`, 2);
    const both = async (query: string) =>
      ids([
        ...(await walk(`dealerId=${acme.id}&${query}`)),
        ...(await walk(`dealerId=${zed.id}&${query}`)),
      ]).sort();
    const expected = (pick: (i: number) => boolean) => ids(orders.filter((_, i) => pick(i))).sort();
    expect(await both('state=all')).toEqual(expected((i) => statuses[i] !== 'cancelled'));
    for (const state of ['to_do', 'in_progress', 'done', 'cancelled'])
      expect(await both(`state=${state}`), state).toEqual(expected((i) => statuses[i] === state));
    // Open and promised days ago: overdue (the view says so too); done ones past their day are not.
    const overdue = (i: number) =>
      promised[i]! < 0 && (statuses[i] === 'to_do' || statuses[i] === 'in_progress');
    expect(await both('overdue=true')).toEqual(expected(overdue));
    expect(await both('overdue=true&state=in_progress')).toEqual(
      expected((i) => overdue(i) && statuses[i] === 'in_progress'),
    );
    const byOne = await walkPages<Row>(get, `${PATH}?dealerId=${zed.id}&overdue=true`, 1);
    expect(byOne.every((r) => r.overdue)).toBe(true);

    const first = (await get(`${PATH}?dealerId=${acme.id}&limit=1`)).json();
    const of = (pick: (i: number) => boolean) =>
      orders.filter((o, i) => o.dealerId === acme.id && pick(i)).length;
    expect(first.counts).toEqual({
      all: of((i) => statuses[i] !== 'cancelled'),
      to_do: of((i) => statuses[i] === 'to_do'),
      in_progress: of((i) => statuses[i] === 'in_progress'),
      done: of((i) => statuses[i] === 'done'),
      cancelled: of((i) => statuses[i] === 'cancelled'),
      overdue: of(overdue),
    });
    expect(first.total).toBe(first.counts.all);

    const target = orders[2]!;
    expect(ids(await walk(`q=${target.vin.slice(-8).toLowerCase()}`))).toEqual([target.id]);
    for (const number of [target.id, target.transactionId, target.vehicleId])
      expect(ids(await walk(`q=${number}`))).toContain(target.id);
    expect(await both(`q=Acme Recon ${worlds}`)).toEqual(
      expected((i) => i % 3 !== 0 && statuses[i] !== 'cancelled'),
    );
    expect(await walk('q=%25_')).toEqual([]);
  });

  it('refuses a bad cursor, another order’s cursor, a bad limit or choice (400), and serves admins only', async () => {
    const { acme } = await world();
    const refused = async (query: string) => {
      const res = await get(`${PATH}?${query}`);
      expect(res.statusCode, query).toBe(400);
      return res.json().message as string;
    };
    expect(await refused('cursor=garbage!')).toBe(
      'This page link is out of date or damaged: start again from the first page',
    );
    const { nextCursor } = (await get(`${PATH}?dealerId=${acme.id}&limit=1`)).json();
    expect(await refused(`cursor=${nextCursor}&sort=newest`)).toBe(
      'This page link belongs to another sort order: start again from the first page',
    );
    for (const limit of ['0', '101', 'x'])
      expect(await refused(`limit=${limit}`)).toContain('between 1 and 100');
    expect(await refused('state=lost')).toBeTruthy();
    expect(await refused('sort=cheapest')).toBeTruthy();
    expect((await ctx.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
    expect((await ctx.call('GET', PATH, undefined, ctx.staff)).statusCode).toBe(403);
  });
});
