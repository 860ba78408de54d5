import { describe, expect, it } from 'vitest';
import { parseIdList, readIdList, toggledIdList } from './local-id-list';

class MemoryStorage {
  private values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

describe('local id lists', () => {
  it('reads a stored JSON array of ids', () => {
    const storage = new MemoryStorage();
    storage.setItem('favorites', '[3,1,7]');
    expect(readIdList(storage, 'favorites')).toEqual([3, 1, 7]);
    expect(readIdList(storage, 'watching')).toEqual([]);
  });

  it('tolerates corrupt or foreign values', () => {
    expect(parseIdList('{not json')).toEqual([]);
    expect(parseIdList('"12"')).toEqual([]);
    expect(parseIdList('{"a":1}')).toEqual([]);
    expect(parseIdList('null')).toEqual([]);
    expect(parseIdList('[1,"2",-3,0,4.5,null,"x",{"id":9},1]')).toEqual([1, 2]);
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(readIdList(broken, 'favorites')).toEqual([]);
    expect(readIdList(null, 'favorites')).toEqual([]);
  });

  it('toggles an id in and out', () => {
    expect(toggledIdList([], 5)).toEqual([5]);
    expect(toggledIdList([1, 5, 9], 5)).toEqual([1, 9]);
    expect(toggledIdList([1, 9], 5)).toEqual([1, 9, 5]);
  });
});
