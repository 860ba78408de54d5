import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBuyCodeRow, insertDealer, insertVehicle } from '../../../test/factories';
import { buyNow } from '../../../test/helpers';
import { signInAdmin } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { vehicles } from '../../db/schema';

let ids: Record<'active' | 'queued' | 'pendingOut' | 'sold' | 'removed' | 'internal', number>;

const ctx = withApp();

beforeAll(async () => {
  const db = ctx.db;
  ids = {
    active: (await insertVehicle(db, { make: 'Toyota', model: 'Camry' })).id,
    queued: (await insertVehicle(db, { status: 'pending', inQueue: true })).id,
    pendingOut: (await insertVehicle(db, { status: 'pending', inQueue: false })).id,
    sold: (await insertVehicle(db, { status: 'sold' })).id,
    removed: (await insertVehicle(db, { status: 'removed' })).id,
    internal: (await insertVehicle(db, { billOfSale: '/files/bos.pdf', isPaid: true })).id,
  };
});

const INTERNAL_FIELDS = ['inQueue', 'billOfSale', 'isPaid', 'updatedAt'];

describe('GET /api/vehicles (public)', () => {
  it('lists only active, published vehicles, newest first, without internal fields', async () => {
    const res = await ctx.app.inject('/api/vehicles');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const list = res.json() as Record<string, unknown>[];
    expect(list.map((v) => v.id)).toEqual([ids.internal, ids.active]);
    for (const vehicle of list)
      for (const field of INTERNAL_FIELDS) expect(vehicle).not.toHaveProperty(field);
    expect(list[1]).toMatchObject({
      make: 'Toyota',
      model: 'Camry',
      price: '19999.00',
      mileage: 42000,
      status: 'active',
    });
    expect(typeof list[1]?.createdAt).toBe('string');
  });

  it('answers 304 to a matching If-None-Match and serves identical JSON in every encoding', async () => {
    const plain = await ctx.app.inject('/api/vehicles');
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(plain.headers.vary).toBe('accept-encoding');
    const notModified = await ctx.app.inject({ url: '/api/vehicles', headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    const gz = await ctx.app.inject({ url: '/api/vehicles', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const br = await ctx.app.inject({
      url: '/api/vehicles',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const refused = await ctx.app.inject({
      url: '/api/vehicles',
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    // A search's kept answer: each encoding compressed when first asked, the same JSON in each.
    const url = '/api/vehicles/search?limit=3';
    const first = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBe('br');
    const json = brotliDecompressSync(first.rawPayload).toString();
    expect(JSON.parse(json).items.length).toBeGreaterThan(0);
    const zipped = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(json);
    expect((await ctx.app.inject(url)).body).toBe(json);
  });

  it('drops the cached list when any writer changes a vehicle (NOTIFY vehicles_changed)', async () => {
    const before = await ctx.app.inject('/api/vehicles');
    await ctx.db.update(vehicles).set({ price: '18500.00' }).where(eq(vehicles.id, ids.active));
    await expect
      .poll(
        async () =>
          (await ctx.app.inject('/api/vehicles')).json().find((v: { id: number }) => v.id === ids.active)
            ?.price,
        {
          timeout: 5000,
        },
      )
      .toBe('18500.00');
    const after = await ctx.app.inject({
      url: '/api/vehicles',
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
  });
});

describe('GET /api/vehicles/:id (public)', () => {
  it('returns a published vehicle with public fields only', async () => {
    const res = await ctx.app.inject(`/api/vehicles/${ids.internal}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.id).toBe(ids.internal);
    for (const field of INTERNAL_FIELDS) expect(body).not.toHaveProperty(field);
  });

  it('returns only {id, status} for sold and removed vehicles', async () => {
    expect((await ctx.app.inject(`/api/vehicles/${ids.sold}`)).json()).toEqual({
      id: ids.sold,
      status: 'sold',
    });
    expect((await ctx.app.inject(`/api/vehicles/${ids.removed}`)).json()).toEqual({
      id: ids.removed,
      status: 'removed',
    });
  });

  it('hides queued and unpublished vehicles and unknown ids behind a 404', async () => {
    for (const id of [ids.queued, ids.pendingOut, 987654]) {
      const res = await ctx.app.inject(`/api/vehicles/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Vehicle not found', code: 'NOT_FOUND' });
    }
  });

  it('answers malformed ids with a 400 message, never a 500', async () => {
    for (const id of ['abc', '1.5', '-1', '0', '99999999999', '1e3x', '%00', "1'%20or%201=1"]) {
      const res = await ctx.app.inject(`/api/vehicles/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(typeof res.json().message, id).toBe('string');
    }
  });
});

describe('vehicles for an admin session', () => {
  it('lists every vehicle with every field, privately', async () => {
    const cookie = await signInAdmin(ctx.app);
    const res = await ctx.app.inject({ url: '/api/vehicles', headers: { cookie } });
    expect(res.headers['cache-control']).toBe('private, no-store');
    const list = res.json() as { id: number; inQueue: boolean; isPaid: boolean }[];
    expect(list.map((v) => v.id).sort()).toEqual(Object.values(ids).sort());
    expect(list.find((v) => v.id === ids.internal)).toMatchObject({
      isPaid: true,
      billOfSale: '/files/bos.pdf',
    });
    const queued = await ctx.app.inject({ url: `/api/vehicles/${ids.queued}`, headers: { cookie } });
    expect(queued.json()).toMatchObject({ id: ids.queued, inQueue: true, status: 'pending' });
  });
});

describe('detail served from the list cache', () => {
  it('never answers a stale detail after a write on this instance', async () => {
    const vehicle = await insertVehicle(ctx.db, { price: '15000.00' });
    const dealer = await insertDealer(ctx.db);
    await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code: 'CH2E' });
    await expect
      .poll(async () => (await ctx.app.inject(`/api/vehicles/${vehicle.id}`)).json().price, { timeout: 5000 })
      .toBe('15000.00');
    const bought = await buyNow(ctx.app, 'CH2E', vehicle.id);
    expect(bought.statusCode).toBe(200);
    expect((await ctx.app.inject(`/api/vehicles/${vehicle.id}`)).json()).toEqual({
      id: vehicle.id,
      status: 'sold',
    });
  });
});
