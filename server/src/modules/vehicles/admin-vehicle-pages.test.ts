import type { AdminListing, AdminVehicleList } from '@contracts/listings';
import type { Page } from '@contracts/paging';
import { isOnMarket, isQueued } from '@contracts/vehicle-display';
import { describe, expect, it } from 'vitest';
import { insertDealer, insertVehicle } from '../../../test/factories';
import { withApp } from '../../../test/with-app';
import { transactions } from '../../db/schema';
import { BAD_CURSOR } from '../../lib/keyset-page';

/**
 * The admin's vehicle lists a page at a time (issue #47, GET /api/admin/vehicles): the completion
 * queue reads only queued cars; Manage Listings' active, sold and removed lists; each walked page
 * by page gives every car of the list once, newest first, and the total counted by the database;
 * the search by VIN, year, make, model, trim and buyer; the counts; admins only; bad input is a 400.
 */

const ctx = withApp({ signIn: ['admin', 'staff'] });

/** Which list a car of the whole admin list is in: the same rules as the admin's views. */
const IN_LIST: Record<AdminVehicleList, (v: AdminListing) => boolean> = {
  queue: isQueued,
  active: isOnMarket,
  sold: (v) => v.status === 'sold',
  removed: (v) => v.status === 'removed',
};

async function seedCars() {
  const buyer = await insertDealer(ctx.db, { dealerName: 'Pagewalk Auto Group' });
  const cars = [];
  for (let i = 0; i < 7; i++)
    cars.push(
      await insertVehicle(ctx.db, {
        status: 'pending',
        inQueue: true,
        price: null,
        mileage: null,
        condition: null,
        make: i % 2 ? 'Toyota' : 'Honda',
        model: i % 2 ? 'Camry' : 'Accord',
      }),
    );
  // Held for a first look: in the queue's table but on the market, not in the queue.
  cars.push(await insertVehicle(ctx.db, { inQueue: true, firstLookUntil: new Date(Date.now() + 3_600_000) }));
  for (let i = 0; i < 5; i++)
    cars.push(await insertVehicle(ctx.db, { make: 'Ford', model: 'F-150', year: 2019 }));
  for (let i = 0; i < 4; i++) {
    const sold = await insertVehicle(ctx.db, { status: 'sold', make: 'Nissan', model: 'Rogue' });
    await ctx.db.insert(transactions).values({ vehicleId: sold.id, dealerId: buyer.id, amount: '15000' });
    cars.push(sold);
  }
  // A cancelled sale is no sale: its car is listed again, without a buyer.
  const relisted = await insertVehicle(ctx.db, { make: 'Nissan', model: 'Rogue' });
  await ctx.db
    .insert(transactions)
    .values({ vehicleId: relisted.id, dealerId: buyer.id, amount: '14000', cancelled: true });
  for (let i = 0; i < 3; i++) cars.push(await insertVehicle(ctx.db, { status: 'removed' }));
  return { buyer, cars, relisted };
}

async function walk(list: AdminVehicleList, q = '', limit = 3) {
  const ids: number[] = [];
  const totals = new Set<number>();
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const params = new URLSearchParams({ list, limit: String(limit), ...(q ? { q } : {}) });
    if (cursor) params.set('cursor', cursor);
    const res = await ctx.call('GET', `/api/admin/vehicles?${params}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page<AdminListing>;
    expect(page.items.length).toBeLessThanOrEqual(limit);
    for (const item of page.items) expect(IN_LIST[list](item)).toBe(true);
    ids.push(...page.items.map((v) => v.id));
    totals.add(page.total);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return { ids, totals: [...totals] };
}

describe('admin vehicle pages', () => {
  it('walks each list page by page: every car of it once, newest first, the total from the database', async () => {
    const { relisted } = await seedCars();
    const whole = (await ctx.call('GET', '/api/vehicles')).json() as AdminListing[];
    for (const list of ['queue', 'active', 'sold', 'removed'] as const) {
      const expected = whole.filter(IN_LIST[list]).map((v) => v.id);
      expect(expected.length).toBeGreaterThan(0);
      const { ids, totals } = await walk(list);
      expect(ids, list).toEqual(expected);
      expect(totals).toEqual([expected.length]);
    }
    // The sold cars carry their buyer; the relisted car (its sale cancelled) none.
    const sold = (
      await ctx.call('GET', '/api/admin/vehicles?list=sold&limit=100')
    ).json() as Page<AdminListing>;
    expect(sold.items.every((v) => v.sale?.dealerName === 'Pagewalk Auto Group')).toBe(true);
    const active = (
      await ctx.call('GET', '/api/admin/vehicles?list=active&limit=100')
    ).json() as Page<AdminListing>;
    expect(active.items.find((v) => v.id === relisted.id)?.sale).toBeNull();

    // The counts: one aggregate, the same numbers as the lists.
    const counts = (await ctx.call('GET', '/api/admin/vehicles/counts')).json();
    expect(counts).toEqual({
      total: whole.length,
      queue: whole.filter(isQueued).length,
      active: whole.filter(isOnMarket).length,
      sold: whole.filter((v) => v.status === 'sold').length,
      removed: whole.filter((v) => v.status === 'removed').length,
    });
  });

  it('searches by every word: make and model, VIN, year, the buyer', async () => {
    const whole = (await ctx.call('GET', '/api/vehicles')).json() as AdminListing[];
    const queuedToyotas = whole.filter((v) => isQueued(v) && v.make === 'Toyota').map((v) => v.id);
    expect(queuedToyotas.length).toBeGreaterThan(1);
    expect((await walk('queue', 'toyota CAMRY', 2)).ids).toEqual(queuedToyotas);
    expect((await walk('queue', 'toyota accord')).ids).toEqual([]);
    const ford = whole.find((v) => v.make === 'Ford')!;
    expect((await walk('active', ford.vin.slice(-6).toLowerCase())).ids).toEqual([ford.id]);
    expect((await walk('active', '2019 f-150')).totals).toEqual([5]);
    const sold = whole.filter((v) => v.status === 'sold').map((v) => v.id);
    expect((await walk('sold', 'pagewalk')).ids).toEqual(sold);
    // A % or _ is a letter, not a wildcard.
    expect((await walk('sold', '%')).ids).toEqual([]);
  });

  it('is for admins only, and refuses a bad list, limit or cursor with a 400', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/admin/vehicles?list=queue' });
    expect(anonymous.statusCode).toBe(401);
    const staff = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/vehicles/counts',
      headers: { cookie: ctx.staff },
    });
    expect([401, 403]).toContain(staff.statusCode);
    for (const url of [
      '/api/admin/vehicles',
      '/api/admin/vehicles?list=everything',
      '/api/admin/vehicles?list=queue&limit=0',
      '/api/admin/vehicles?list=queue&limit=101',
      '/api/admin/vehicles?list=queue&cursor=not-a-cursor!',
    ])
      expect((await ctx.call('GET', url)).statusCode, url).toBe(400);
    const damaged = await ctx.call(
      'GET',
      `/api/admin/vehicles?list=queue&cursor=${Buffer.from('["newest","x",1]').toString('base64url')}`,
    );
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().message).toBe(BAD_CURSOR);
  });
});
