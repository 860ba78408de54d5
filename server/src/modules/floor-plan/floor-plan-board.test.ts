import { describe, expect, it } from 'vitest';
import { insertDealer, insertVehicle } from '../../../test/factories';
import { walkPages } from '../../../test/helpers';
import { withApp } from '../../../test/with-app';
import { floorPlanLines, floorPlanRequests, transactions } from '../../db/schema';

/** The admin's floor-plan board paged by the server (issue #47): walks, orders, statuses, search, counts. */

const ctx = withApp({ signIn: ['admin', 'staff'] });

interface Row {
  requestId: number;
  status: string;
  requestedAt: string;
}
// Requests made at the same instant or a minute apart (ties on the key); each status more than once.
const made = [0, 0, 60_000, 60_000, 0, 120_000, 0];
const statuses = [
  'requested',
  'approved',
  'requested',
  'declined',
  'funded',
  'requested',
  'approved',
] as const;

let worlds = 0;
async function world() {
  worlds++;
  const base = Date.now() - 3_600_000;
  const acme = await insertDealer(ctx.db, { dealerName: `Acme Floor ${worlds}` });
  const zed = await insertDealer(ctx.db, { dealerName: `Zed Floor ${worlds}` });
  const lines = new Map<number, number>();
  for (const dealer of [acme, zed]) {
    const [line] = await ctx.db
      .insert(floorPlanLines)
      .values({
        dealerId: dealer.id,
        lender: 'nextgear',
        accountNumber: `NG-${worlds}-${dealer.id}`,
        createdBy: 'test',
      })
      .returning();
    lines.set(dealer.id, line!.id);
  }
  const requests: { id: number; transactionId: number; vehicleId: number; vin: string; dealerId: number }[] =
    [];
  for (const [i, ago] of made.entries()) {
    const vehicle = await insertVehicle(ctx.db, { status: 'sold' });
    const dealerId = i % 3 === 0 ? zed.id : acme.id;
    const [sale] = await ctx.db
      .insert(transactions)
      .values({ vehicleId: vehicle.id, dealerId, amount: '9000.00' })
      .returning();
    const [request] = await ctx.db
      .insert(floorPlanRequests)
      .values({
        transactionId: sale!.id,
        lineId: lines.get(dealerId)!,
        amount: '9000.00',
        status: statuses[i]!,
        arrangedBy: 'team',
        createdAt: new Date(base - ago),
      })
      .returning();
    requests.push({
      id: request!.id,
      transactionId: sale!.id,
      vehicleId: vehicle.id,
      vin: vehicle.vin,
      dealerId,
    });
  }
  return { acme, zed, requests };
}

const PATH = '/api/floor-plan-requests';
const get = (url: string) => ctx.call('GET', url);
/** walkPages reads `id`: a request's is its requestId. */
const walk = async (query: string, limit = 2) =>
  (
    await walkPages<Row & { id: number }>(
      async (url) => {
        const res = await get(url);
        const body = res.json() as { items: Row[] };
        const json = () => ({ ...body, items: body.items.map((r) => ({ ...r, id: r.requestId })) });
        return { statusCode: res.statusCode, body: res.body, json };
      },
      `${PATH}?${query}`,
      limit,
    )
  ).map((r) => r.requestId);

describe('GET /api/floor-plan-requests, paged by the server', () => {
  it('walks every request once under each order, ties included; statuses, search and counts', async () => {
    const { acme, zed, requests } = await world();
    const mine = (dealerId: number) => requests.filter((r) => r.dealerId === dealerId);
    for (const dealer of [acme, zed]) {
      const ids = mine(dealer.id).map((r) => r.id);
      const oldest = await walk(`dealerId=${dealer.id}&sort=oldest`, 1);
      const newest = await walk(`dealerId=${dealer.id}&sort=newest`, 3);
      expect([...oldest].sort()).toEqual([...ids].sort());
      expect(newest).toEqual([...oldest].reverse());
    }
    for (const status of ['requested', 'approved', 'declined', 'funded'])
      expect((await walk(`dealerId=${acme.id}&status=${status}`)).sort(), status).toEqual(
        requests
          .filter((r, i) => r.dealerId === acme.id && statuses[i] === status)
          .map((r) => r.id)
          .sort(),
      );
    const first = (await get(`${PATH}?dealerId=${acme.id}&limit=1`)).json();
    const count = (status: string) =>
      requests.filter((r, i) => r.dealerId === acme.id && statuses[i] === status).length;
    expect(first.counts).toEqual({
      all: mine(acme.id).length,
      requested: count('requested'),
      approved: count('approved'),
      declined: count('declined'),
      funded: count('funded'),
    });
    const target = requests[2]!;
    expect(await walk(`q=${target.vin.slice(-8).toLowerCase()}`)).toEqual([target.id]);
    for (const number of [target.id, target.transactionId, target.vehicleId])
      expect(await walk(`q=${number}`)).toContain(target.id);
    expect((await walk(`q=Zed Floor ${worlds}`)).sort()).toEqual(
      mine(zed.id)
        .map((r) => r.id)
        .sort(),
    );
  });

  it('refuses a bad cursor, another order’s cursor, a bad limit or status (400), and serves admins only', async () => {
    const { acme } = await world();
    const refused = async (query: string) => {
      const res = await get(`${PATH}?${query}`);
      expect(res.statusCode, query).toBe(400);
      return res.json().message as string;
    };
    expect(await refused('cursor=garbage!')).toContain('out of date or damaged');
    const { nextCursor } = (await get(`${PATH}?dealerId=${acme.id}&limit=1`)).json();
    expect(await refused(`cursor=${nextCursor}&sort=newest`)).toContain('another sort order');
    for (const limit of ['0', '101', 'x'])
      expect(await refused(`limit=${limit}`)).toContain('between 1 and 100');
    expect(await refused('status=lost')).toBeTruthy();
    expect((await ctx.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
    expect((await ctx.call('GET', PATH, undefined, ctx.staff)).statusCode).toBe(403);
  });
});
