import { describe, expect, it } from 'vitest';
import {
  insertBuyCodeRow,
  insertDealer,
  insertMember,
  insertVehicle,
  MEMBER_PASSWORD,
} from '../../../test/factories';
import { expectEachOrder, nextAddress, walkPages } from '../../../test/helpers';
import { signIn, signInMember } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { offers, reconPackages } from '../../db/schema';

/** The admin's Offers list paged by the server (issue #47): walks, orders, filters, search, counts. */

const ctx = withApp({ signIn: ['admin', 'staff'] });

interface Row {
  id: number;
  dealerId: number;
  amount: string;
  status: string;
  createdAt: string;
  reconPackage: { name: string; price: string } | null;
}
const DAY = 86_400_000;
// Offers a minute apart or at the very same instant (ties on the sort key), some 40 days old.
const instants = [0, 0, 0, 60_000, 60_000, 40 * DAY, 40 * DAY, 120_000, 0, 40 * DAY + 1];
const amounts = ['5000', '5000', '12000', '700.50', '5000', '12000', '9000', '700.50', '5000', '31000'];
const statuses = ['pending', 'countered', 'accepted', 'declined', 'expired', 'declined', 'accepted'];

let worlds = 0;
async function world() {
  worlds++;
  const base = Date.now() - 3_600_000;
  const acme = await insertDealer(ctx.db, { dealerName: `Acme Autos ${worlds}` });
  const zed = await insertDealer(ctx.db, { dealerName: `Zed 100% Motors ${worlds}` });
  const [pack] = await ctx.db
    .insert(reconPackages)
    .values({ name: `Front line ${worlds}`, price: '450.00' })
    .returning();
  const made: { id: number; vehicleId: number; vin: string; dealerId: number; status: string }[] = [];
  for (const [i, ago] of instants.entries()) {
    const vehicle = await insertVehicle(ctx.db);
    const dealerId = i % 3 === 0 ? zed.id : acme.id;
    // Past offers are answered (an open one would have expired); the newest ones may still be open.
    const status = ago >= 40 * DAY ? 'declined' : statuses[i % statuses.length]!;
    const [offer] = await ctx.db
      .insert(offers)
      .values({
        vehicleId: vehicle.id,
        dealerId,
        amount: amounts[i]!,
        status,
        reconPackageId: i === 2 ? pack!.id : null,
        expiresAt: new Date(Date.now() + DAY),
        createdAt: new Date(base - ago),
      })
      .returning();
    made.push({ id: offer!.id, vehicleId: vehicle.id, vin: vehicle.vin, dealerId, status });
  }
  return { acme, zed, made };
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const get = (url: string) => ctx.call('GET', url);

describe('GET /api/offers, paged by the server', () => {
  it('walks every offer once under each order, ties included, each with its package', async () => {
    const { acme, zed, made } = await world();
    const all = [
      ...(await walkPages<Row>(get, `/api/offers?dealerId=${acme.id}`, 2)),
      ...(await walkPages<Row>(get, `/api/offers?dealerId=${zed.id}`, 2)),
    ];
    expect(ids(all).sort()).toEqual(ids(made).sort());
    expect(all.find((r) => r.id === made[2]!.id)?.reconPackage).toEqual({
      name: `Front line ${worlds}`,
      price: '450.00',
    });
    await expectEachOrder(
      get,
      `/api/offers?dealerId=${acme.id}`,
      all.filter((r) => r.dealerId === acme.id),
    );
  });

  it('filters by status (one, or the completed ones), days and search; counts each status', async () => {
    const { acme, zed, made } = await world();
    const walk = (query: string) => walkPages<Row>(get, `/api/offers?${query}`, 2);
    const both = (query: string) =>
      Promise.all([walk(`dealerId=${acme.id}&${query}`), walk(`dealerId=${zed.id}&${query}`)]).then((r) =>
        ids(r.flat()).sort(),
      );
    const expected = (pick: (o: (typeof made)[number], i: number) => boolean) =>
      ids(made.filter(pick)).sort();
    for (const status of ['pending', 'countered', 'accepted', 'declined', 'expired'])
      expect(await both(`status=${status}`), status).toEqual(expected((o) => o.status === status));
    expect(await both('status=completed')).toEqual(
      expected((o) => ['accepted', 'declined', 'expired'].includes(o.status)),
    );
    const old = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10);
    expect(await both(`to=${old}`)).toEqual(expected((_, i) => instants[i]! >= 40 * DAY));
    expect(await both(`from=${old}`)).toEqual(expected((_, i) => instants[i]! < 40 * DAY));
    const vin = made[2]!.vin;
    expect(ids(await walk(`q=${vin.slice(-8)}`))).toEqual([made[2]!.id]);
    expect(ids(await walk(`q=${vin.toLowerCase()}`))).toEqual([made[2]!.id]);
    expect(ids(await walk(`q=${made[5]!.id}`))).toContain(made[5]!.id);
    expect(ids(await walk(`q=${made[5]!.vehicleId}`))).toContain(made[5]!.id);
    expect(ids(await walk(`q=acme autos ${worlds}`)).sort()).toEqual(expected((o) => o.dealerId === acme.id));
    // A search's LIKE wildcards are plain characters: "100%" is in Zed's name only.
    expect(ids(await walk(`q=${encodeURIComponent(`100% Motors ${worlds}`)}`)).sort()).toEqual(
      expected((o) => o.dealerId === zed.id),
    );

    // The counts: one per status under the other choices, whatever status is chosen; the total is the chosen one's.
    const page = (await get(`/api/offers?dealerId=${acme.id}&status=declined&limit=1`)).json();
    const mine = made.filter((o) => o.dealerId === acme.id);
    const countOf = (status: string) => mine.filter((o) => o.status === status).length;
    expect(page.counts).toEqual({
      pending: countOf('pending'),
      countered: countOf('countered'),
      accepted: countOf('accepted'),
      declined: countOf('declined'),
      expired: countOf('expired'),
    });
    expect(page.total).toBe(countOf('declined'));
    expect(page.items).toHaveLength(1);
  });

  it('refuses a bad cursor, another order’s cursor, a bad limit or status (400), and serves admins only', async () => {
    const { acme } = await world();
    const refused = async (query: string) => {
      const res = await get(`/api/offers?${query}`);
      expect(res.statusCode, query).toBe(400);
      return res.json().message as string;
    };
    expect(await refused('cursor=garbage!')).toBe(
      'This page link is out of date or damaged: start again from the first page',
    );
    const { nextCursor } = (await get(`/api/offers?dealerId=${acme.id}&limit=1`)).json();
    expect(await refused(`cursor=${nextCursor}&sort=amount`)).toBe(
      'This page link belongs to another sort order: start again from the first page',
    );
    for (const limit of ['0', '101', 'x'])
      expect(await refused(`limit=${limit}`)).toContain('between 1 and 100');
    expect(await refused('from=yesterday')).toContain('YYYY-MM-DD');
    expect(await refused('status=lost')).toBeTruthy();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/offers' })).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/offers', undefined, ctx.staff)).statusCode).toBe(403);
  });
});

/** The dealer's own offers a page at a time (My Offers; docs/features/dealer-dashboard.md). */
describe('GET /api/dealer/offers/page, the dealership’s own offers', () => {
  async function signedIn(dealer: { id: number; dealerName: string }) {
    const { code } = await insertBuyCodeRow(ctx.db, { dealerId: dealer.id });
    const cookie = await signIn(
      ctx.app,
      'dealer',
      { dealerName: dealer.dealerName, buyCode: code },
      nextAddress(),
    );
    return (url: string) => ctx.call('GET', url, undefined, cookie);
  }

  it('walks its offers once under each order, by status with counts, one by id; members as their role allows; none of another’s', async () => {
    const { acme, zed, made } = await world();
    const asAcme = await signedIn(acme);
    const acmes = await walkPages<Row>(asAcme, '/api/dealer/offers/page', 2);
    const mine = made.filter((o) => o.dealerId === acme.id);
    expect(ids(acmes).sort()).toEqual(ids(mine).sort());
    await expectEachOrder(asAcme, '/api/dealer/offers/page?', acmes);
    // Another dealer's id in the query changes nothing: the dealer is the session's.
    expect(ids(await walkPages<Row>(asAcme, `/api/dealer/offers/page?dealerId=${zed.id}`, 100))).toEqual(
      ids(acmes),
    );
    const countered = await walkPages<Row>(asAcme, '/api/dealer/offers/page?status=countered', 1);
    expect(ids(countered).sort()).toEqual(ids(mine.filter((o) => o.status === 'countered')).sort());
    const page = (await asAcme('/api/dealer/offers/page?limit=1')).json();
    expect(page.counts.countered).toBe(countered.length);
    expect(page.counts.declined).toBe(mine.filter((o) => o.status === 'declined').length);
    // A link names one offer, which may be on another page.
    const last = acmes.at(-1)!.id;
    expect((await asAcme(`/api/dealer/offers/page?id=${last}`)).json()).toMatchObject({
      items: [{ id: last }],
      nextCursor: null,
      total: 1,
    });

    // Another dealership sees none of them, even by id.
    const asZed = await signedIn(zed);
    const zeds = await walkPages<Row>(asZed, '/api/dealer/offers/page', 100);
    expect(ids(zeds).sort()).toEqual(ids(made.filter((o) => o.dealerId === zed.id)).sort());
    expect((await asZed(`/api/dealer/offers/page?id=${last}`)).json()).toMatchObject({ items: [], total: 0 });

    // A viewer and a buyer of the team read the dealership's offers, as the whole list let them.
    for (const role of ['viewer', 'buyer'] as const) {
      const member = await insertMember(ctx.db, { dealerId: acme.id, role });
      const cookie = await signInMember(ctx.app, member.email, MEMBER_PASSWORD, nextAddress());
      const walked = await walkPages<Row>(
        (url) => ctx.call('GET', url, undefined, cookie),
        '/api/dealer/offers/page',
        3,
      );
      expect(ids(walked), role).toEqual(ids(acmes));
    }
  });

  it('refuses a bad cursor, another order’s cursor, a bad limit or status (400), and serves dealers only', async () => {
    const { acme } = await world();
    const asAcme = await signedIn(acme);
    const refused = async (query: string) => {
      const res = await asAcme(`/api/dealer/offers/page?${query}`);
      expect(res.statusCode, query).toBe(400);
      return res.json().message as string;
    };
    expect(await refused('cursor=garbage!')).toBe(
      'This page link is out of date or damaged: start again from the first page',
    );
    const { nextCursor } = (await asAcme('/api/dealer/offers/page?limit=1')).json();
    expect(await refused(`cursor=${nextCursor}&sort=oldest`)).toMatch(/another sort order/);
    expect(await refused('limit=0')).toContain('between 1 and 100');
    expect(await refused('status=lost')).toBeTruthy();
    expect(await refused('id=-3')).toBeTruthy();
    expect((await get('/api/dealer/offers/page')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dealer/offers/page' })).statusCode).toBe(401);
  });
});
