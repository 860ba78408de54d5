import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { PublicVehicleDetail } from '@contracts/vehicle';
import { describe, expect, it } from 'vitest';
import { pickEncoding, VehicleListCache } from './vehicle-list-cache';

const photo = (id: number) => ({
  id,
  kind: 'front',
  width: 640,
  height: 480,
  placeholder: 'data:',
  src: `/p/${id}`,
});
/** A page's JSON: two photos and a report; the list keeps the cover and the grade only. */
const vehicle = (id: number, description: string) =>
  ({
    id,
    description,
    make: 'Kia',
    photos: [photo(id * 10), photo(id * 10 + 1)],
    damage: [{ panel: 'hood', type: 'dent', size: 'small', photoId: null, note: null }],
    tires: { lf: 3, rf: null, lr: null, rr: null },
    warningLights: [],
    grade: 4.6,
    gradeDeductions: [{ reason: 'x', points: 0.4 }],
  }) as unknown as PublicVehicleDetail;
const listItem = (v: PublicVehicleDetail) => ({
  id: v.id,
  description: v.description,
  make: v.make,
  photos: v.photos.slice(0, 1),
  grade: v.grade,
});

describe('VehicleListCache', () => {
  it('serialises the list (cover photo and grade) and each page (the whole report) once', async () => {
    for (const list of [
      [],
      [vehicle(7, 'one')],
      [vehicle(3, 'a "quoted", ü'), vehicle(2, ''), vehicle(9, 'x'.repeat(5000))],
    ]) {
      const cached = await new VehicleListCache(async () => list).get();
      expect(JSON.parse(cached.identity.toString())).toEqual(list.map(listItem));
      expect(JSON.parse(gunzipSync(await cached.encoded('gzip')).toString())).toEqual(list.map(listItem));
      expect(JSON.parse(brotliDecompressSync(await cached.encoded('br')).toString())).toEqual(
        list.map(listItem),
      );
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
