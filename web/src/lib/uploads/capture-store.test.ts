// fake-indexeddb: a third-party IndexedDB implementation (Node has none); each test opens its own database.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { CaptureStore, fileOf, hasRoomFor, StorageFullError } from './capture-store';

let opened: CaptureStore[] = [];
let counter = 0;
const open = async (storage?: { estimate: () => Promise<{ quota: number; usage: number }> }) => {
  const name = `capture-test-${counter++}`;
  const store = await CaptureStore.open(name, storage);
  opened.push(store);
  return { store, name };
};
afterEach(() => {
  for (const store of opened) store.close();
  opened = [];
});

const photo = (id: string, vehicle: string, bytes: string, order = 0) => ({
  id,
  vehicle,
  role: 'photo' as const,
  kind: 'extra',
  name: `${id}.jpg`,
  order,
  data: new Blob([bytes], { type: 'image/jpeg' }),
});

describe('capture store (IndexedDB)', () => {
  it('keeps a draft and its photos across a closed and reopened database (an app killed and started again)', async () => {
    const { store, name } = await open();
    await store.saveDraft('key-1', { vin: '1HGCM82633A004352', step: 'photos' });
    await store.addFile(photo('p1', 'key-1', 'first photo', 1));
    await store.addFile(photo('p2', 'key-1', 'second', 2));
    await store.updateFile('p1', { uploadUrl: '/api/photo-uploads/abc' });
    store.close();

    const again = await CaptureStore.open(name);
    opened.push(again);
    const draft = await again.currentDraft();
    expect(draft).toMatchObject({ id: 'key-1', status: 'draft', wizard: { vin: '1HGCM82633A004352' } });
    const files = await again.files('key-1');
    expect(files.map((f) => [f.id, f.uploadUrl, f.size, f.type])).toEqual([
      ['p1', '/api/photo-uploads/abc', 11, 'image/jpeg'],
      ['p2', null, 6, 'image/jpeg'],
    ]);
    const restored = fileOf(files[0]!);
    expect(restored.name).toBe('p1.jpg');
    expect(await restored.text()).toBe('first photo');
  });

  it('keeps several finished vehicles apart; a late draft save never turns a finished one back', async () => {
    const { store } = await open();
    await store.saveDraft('car-a', { vin: 'A' });
    await store.addFile(photo('a1', 'car-a', 'a'));
    await store.finish('car-a', { vin: 'A', step: 'complete' }, { vehicleId: null, reconSaved: false });
    await store.saveDraft('car-a', { vin: 'A', step: 'recon' });
    await store.saveDraft('car-b', { vin: 'B' });
    await store.addFile(photo('b1', 'car-b', 'b'));
    await store.finish('car-b', { vin: 'B' }, { vehicleId: 12, reconSaved: false });

    expect((await store.vehicles()).map((v) => [v.id, v.status, v.vehicleId, v.wizard])).toEqual([
      ['car-a', 'waiting', null, { vin: 'A', step: 'complete' }],
      ['car-b', 'waiting', 12, { vin: 'B' }],
    ]);
    expect(await store.currentDraft()).toBeUndefined();
    // A fresh start throws a draft away, never a car waiting to sync.
    await store.discardDraft('car-a');
    expect((await store.files('car-a')).map((f) => f.id)).toEqual(['a1']);

    await store.removeVehicle('car-a');
    expect((await store.vehicles()).map((v) => v.id)).toEqual(['car-b']);
    expect((await store.allFiles()).map((f) => f.id)).toEqual(['b1']);
  });

  it('refuses a file that would not fit, keeping everything stored before', async () => {
    let usage = 0;
    const quota = 5 * 1024 * 1024;
    const { store } = await open({ estimate: async () => ({ quota, usage }) });
    await store.saveDraft('car', {});
    await store.addFile(photo('p1', 'car', 'fits'));
    usage = quota - 1024 * 1024;
    await expect(store.addFile(photo('p2', 'car', 'does not fit'))).rejects.toBeInstanceOf(StorageFullError);
    expect((await store.files('car')).map((f) => f.id)).toEqual(['p1']);
    expect(await store.currentDraft()).toMatchObject({ id: 'car' });
  });

  it('reads a file kept as an ArrayBuffer (a browser that refused the Blob) back as a File', async () => {
    const { store } = await open();
    const bytes = new TextEncoder().encode('bytes kept raw');
    const record = {
      id: 'raw',
      vehicle: 'car',
      role: 'photo' as const,
      kind: 'extra',
      name: 'raw.jpg',
      type: 'image/jpeg',
      size: bytes.length,
      order: 0,
      blob: null,
      buffer: bytes.buffer,
      uploadUrl: null,
      photo: null,
      video: null,
    };
    const file = fileOf(record);
    expect([file.name, file.type, await file.text()]).toEqual(['raw.jpg', 'image/jpeg', 'bytes kept raw']);
    expect(store).toBeDefined();
  });

  it('tells whether a file fits from the browser estimate, and says yes when there is none', async () => {
    const mb = 1024 * 1024;
    expect(await hasRoomFor(mb, { estimate: async () => ({ quota: 100 * mb, usage: 10 * mb }) })).toBe(true);
    expect(await hasRoomFor(mb, { estimate: async () => ({ quota: 100 * mb, usage: 98 * mb }) })).toBe(false);
    expect(await hasRoomFor(mb, undefined)).toBe(true);
    expect(await hasRoomFor(mb, { estimate: async () => ({}) })).toBe(true);
  });

  it('tells subscribers about every change', async () => {
    const { store } = await open();
    let changes = 0;
    const stop = store.subscribe(() => changes++);
    await store.saveDraft('car', {});
    await store.addFile(photo('p', 'car', 'x'));
    await store.updateFile('p', { photo: { id: 7, thumbnail: null } });
    stop();
    await store.removeVehicle('car');
    expect(changes).toBe(3);
  });
});
