import { useCallback, useSyncExternalStore } from 'react';

/**
 * Lists of vehicle ids kept in the browser (docs/product.md §3: favorites and watching, no login needed).
 * Stored as a JSON array under a fixed key; corrupt or foreign values read as an empty list,
 * and a storage that refuses writes (private mode, quota) keeps the list for this page only.
 */
export type IdListKey = 'favorites' | 'watching';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** Parses a stored value into unique positive integer ids; anything else is dropped. */
export function parseIdList(raw: string | null): number[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const ids = value
    .map((item) => (typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : item))
    .filter((item): item is number => Number.isSafeInteger(item) && (item as number) > 0);
  return [...new Set(ids)];
}

export function readIdList(storage: StorageLike | null, key: IdListKey): number[] {
  try {
    return parseIdList(storage?.getItem(key) ?? null);
  } catch {
    return [];
  }
}

/** The list with `id` added when absent, removed when present. */
export const toggledIdList = (ids: readonly number[], id: number) =>
  ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];

const browserStorage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

// One cached snapshot per key, so useSyncExternalStore sees a stable array between changes.
const snapshots = new Map<IdListKey, number[]>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function snapshot(key: IdListKey): number[] {
  let ids = snapshots.get(key);
  if (!ids) {
    ids = readIdList(browserStorage(), key);
    snapshots.set(key, ids);
  }
  return ids;
}

function write(key: IdListKey, ids: number[]) {
  snapshots.set(key, ids);
  try {
    browserStorage()?.setItem(key, JSON.stringify(ids));
  } catch {
    // Storage full or disabled: the toggle still works until the page is left.
  }
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed a list: drop the cache so the next read sees it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === 'favorites' || event.key === 'watching') {
      snapshots.clear();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const EMPTY: number[] = [];

/** Whether `id` is in the list, and a toggle; shared by every component and tab. */
export function useIdListMembership(key: IdListKey, id: number | null) {
  const ids = useSyncExternalStore(
    subscribe,
    () => snapshot(key),
    () => EMPTY,
  );
  const isMember = id !== null && ids.includes(id);
  const toggle = useCallback(() => {
    if (id === null) return;
    write(key, toggledIdList(snapshot(key), id));
  }, [key, id]);
  return { isMember, toggle };
}

/** Both lists as this browser keeps them (the watchlist merge sends them on sign-in). */
export const readLocalLists = () => ({ favorites: snapshot('favorites'), watching: snapshot('watching') });

/** Empties both lists (once they are kept on the server for the signed-in dealer). */
export function clearLocalLists() {
  write('favorites', []);
  write('watching', []);
}
