/** What one list endpoint takes in one request (its query schema refuses more). */
const MAX_IDS_PER_REQUEST = 100;

interface Waiter<T> {
  resolve: (item: T | null) => void;
  reject: (error: unknown) => void;
}

/**
 * One item of a list endpoint by id, asked together with the others wanted in the same turn of the
 * event loop, up to 100 at a time: the cards a page of results mounts at once make one request
 * (GET …?ids=1,2,3) while each keeps its own query (cached and refreshed on its own). `load` asks
 * for the ids; `idOf` says which id an answer is; an id the server left out resolves to null.
 */
export function batchById<T>(load: (ids: number[]) => Promise<T[]>, idOf: (item: T) => number) {
  let waiting = new Map<number, Waiter<T>[]>();
  let isFlushScheduled = false;

  function flush() {
    const batch = waiting;
    waiting = new Map();
    isFlushScheduled = false;
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += MAX_IDS_PER_REQUEST) {
      const chunk = ids.slice(start, start + MAX_IDS_PER_REQUEST);
      load(chunk).then(
        (items) => {
          const byId = new Map(items.map((item) => [idOf(item), item]));
          for (const id of chunk)
            for (const waiter of batch.get(id) ?? []) waiter.resolve(byId.get(id) ?? null);
        },
        (error: unknown) => {
          for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.reject(error);
        },
      );
    }
  }

  return (id: number): Promise<T | null> =>
    new Promise((resolve, reject) => {
      const waiters = waiting.get(id) ?? [];
      waiters.push({ resolve, reject });
      waiting.set(id, waiters);
      if (!isFlushScheduled) {
        isFlushScheduled = true;
        setTimeout(flush, 0);
      }
    });
}
