import { type TransferListItem, Worker } from 'node:worker_threads';

/**
 * One worker thread for one kind of CPU-heavy call (argon2, HEIC decoding), so that work runs
 * neither on the main thread nor on libuv's pool that reads files. `source` is CommonJS run with
 * `eval`; it answers each `{id, input}` message with `{id, value}` or `{id, error}`. Calls run one
 * at a time in order. The worker is referenced only while a call is pending, so it never keeps a
 * finished script alive, and is started again if it ever stops.
 */
export function dedicatedThread(source: string, workerData: unknown) {
  type Call = { resolve: (value: unknown) => void; reject: (error: Error) => void };
  const pending = new Map<number, Call>();
  let worker: Worker | null = null;
  let nextId = 0;

  const thread = () => {
    if (worker) return worker;
    const started = new Worker(source, { eval: true, workerData });
    started.on('message', ({ id, value, error }: { id: number; value?: unknown; error?: string }) => {
      const call = pending.get(id);
      pending.delete(id);
      if (pending.size === 0) started.unref();
      if (error === undefined) call?.resolve(value);
      else call?.reject(new Error(error));
    });
    const fail = (error: Error) => {
      if (worker === started) worker = null;
      for (const call of pending.values()) call.reject(error);
      pending.clear();
    };
    started.on('error', fail);
    started.on('exit', () => fail(new Error('the worker thread stopped')));
    started.unref();
    worker = started;
    return started;
  };

  return {
    run<T>(input: unknown, transfer: TransferListItem[] = []): Promise<T> {
      const w = thread();
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        w.ref();
        w.postMessage({ id, input }, transfer);
      });
    },
  };
}
