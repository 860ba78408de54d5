import { gunzipSync } from 'node:zlib';
import type { PublicVehicle } from '@contracts/vehicle';
import { describe, expect, it } from 'vitest';
import { pickEncoding, VehicleListCache } from './vehicle-list-cache';

const vehicle = (id: number, description: string) =>
  ({ id, description, make: 'Kia' }) as unknown as PublicVehicle;

describe('VehicleListCache', () => {
  it('serialises the list once, with each vehicle a view of the same bytes', async () => {
    for (const list of [
      [],
      [vehicle(7, 'one')],
      [vehicle(3, 'a "quoted", ü'), vehicle(2, ''), vehicle(9, 'x'.repeat(5000))],
    ]) {
      const cached = await new VehicleListCache(async () => list).get();
      expect(JSON.parse(cached.identity.toString())).toEqual(list);
      expect(JSON.parse(gunzipSync(cached.gzip).toString())).toEqual(list);
      expect(cached.count).toBe(list.length);
      expect([...cached.byId.keys()]).toEqual(list.map((v) => v.id));
      for (const v of list) expect(JSON.parse(cached.byId.get(v.id)!.toString())).toEqual(v);
    }
  });

  it('rebuilds after invalidate, and a change during a build is not served as current', async () => {
    let version = 0;
    const cache = new VehicleListCache(async () => [vehicle(1, `v${++version}`)]);
    const first = await cache.get();
    expect(await cache.get()).toBe(first);
    cache.invalidate();
    const second = await cache.get();
    expect(second).not.toBe(first);
    expect(second.etag).not.toBe(first.etag);

    // A write lands while a build is running: that build's answer must not stay current.
    cache.invalidate();
    const building = cache.get(); // loads v3
    cache.invalidate();
    await building;
    expect(JSON.parse((await cache.get()).identity.toString())[0].description).toBe('v4');
  });

  it('picks br, then gzip, then identity, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*;q=0')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});
