import { createRequire } from 'node:module';
import { dedicatedThread } from './dedicated-thread';

/**
 * argon2 on its own thread (issue 28, review finding "argon2 on demand"): @node-rs/argon2's async
 * calls run on libuv's thread pool, the same four threads that read files for static and media
 * responses, so a burst of password hashes slowed every download. Here each hash or verify runs
 * synchronously inside one dedicated worker, one at a time: hashing is bounded to a core and never
 * queues in front of a file read.
 */
const argon2 = dedicatedThread(
  `
const { parentPort, workerData } = require('node:worker_threads');
const { hashSync, verifySync } = require(workerData.argon2);
parentPort.on('message', ({ id, input }) => {
  try {
    const value = input.op === 'hash' ? hashSync(input.password) : verifySync(input.hash, input.password);
    parentPort.postMessage({ id, value });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});`,
  { argon2: createRequire(import.meta.url).resolve('@node-rs/argon2') },
);

export const argon2Hash = (password: string) => argon2.run<string>({ op: 'hash', password });
export const argon2Verify = (hash: string, password: string) =>
  argon2.run<boolean>({ op: 'verify', hash, password });
