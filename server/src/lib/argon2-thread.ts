import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * argon2 on its own thread (issue 28, review finding "argon2 on demand"): @node-rs/argon2's async
 * calls run on libuv's thread pool, the same four threads that read files for static and media
 * responses, so a burst of password hashes slowed every download. Here each hash or verify runs
 * synchronously inside one dedicated worker, one at a time: hashing is bounded to a core and never
 * queues in front of a file read. The worker is kept referenced only while a call is pending, so it
 * never holds a finished script open.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { hashSync, verifySync } = require(workerData.argon2);
parentPort.on('message', ({ id, op, args }) => {
  try {
    const value = op === 'hash' ? hashSync(args[0]) : verifySync(args[0], args[1]);
    parentPort.postMessage({ id, value });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});`;

type Call = { resolve: (value: unknown) => void; reject: (error: Error) => void };
const pending = new Map<number, Call>();
let worker: Worker | null = null;
let nextId = 0;

function thread(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { argon2: createRequire(import.meta.url).resolve('@node-rs/argon2') },
  });
  started.on('message', ({ id, value, error }: { id: number; value?: unknown; error?: string }) => {
    const call = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) started.unref();
    if (error === undefined) call?.resolve(value);
    else call?.reject(new Error(error));
  });
  const fail = (error: Error) => {
    worker = null;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', () => fail(new Error('the password thread stopped')));
  started.unref();
  worker = started;
  return started;
}

function run<T>(op: 'hash' | 'verify', args: string[]): Promise<T> {
  const w = thread();
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    w.ref();
    w.postMessage({ id, op, args });
  });
}

export const argon2Hash = (password: string) => run<string>('hash', [password]);
export const argon2Verify = (hash: string, password: string) => run<boolean>('verify', [hash, password]);
