import { ERRORS } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import type { DbHandle } from '../db/client';
import { PgUploadLocker } from './pg-upload-locker';

/**
 * Two lockers on one database stand for two app instances: what one holds, the other waits for,
 * asks to be released through NOTIFY, and gets once it is let go.
 */
let database: DbHandle;
let a: PgUploadLocker;
let b: PgUploadLocker;
beforeAll(async () => {
  database = await createTestDatabase();
  const options = { databaseUrl: database.databaseUrl!, listen: database.listen, acquireTimeoutMs: 1500 };
  [a, b] = await Promise.all([PgUploadLocker.create(options), PgUploadLocker.create(options)]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await database?.close();
});

const never = new AbortController().signal;

describe('tus locks shared by instances (PostgreSQL advisory locks)', () => {
  it("makes B wait for A's lock, asks A to let go, and gives it to B once A unlocks", async () => {
    const held = a.newLock('video-uploads/0123456789abcdef0123456789abcdef');
    let asked = 0;
    await held.lock(never, async () => {
      asked++;
      // A's request winds down (as tus cancels it), then lets go.
      setTimeout(() => void held.unlock(), 100);
    });
    const started = Date.now();
    const taken = b.newLock('video-uploads/0123456789abcdef0123456789abcdef');
    await taken.lock(never, () => {});
    expect(asked).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    await taken.unlock();
  });

  it('times out when the holder never lets go, and leaves other uploads free', async () => {
    const id = 'photo-uploads/fedcba9876543210fedcba9876543210';
    const held = a.newLock(id);
    await held.lock(never, () => {});
    await expect(b.newLock(id).lock(never, () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    const other = b.newLock('photo-uploads/00000000000000000000000000000001');
    await other.lock(never, () => {});
    await other.unlock();
    await held.unlock();
  });

  it('frees the lock when the holding connection dies (an instance that crashed)', async () => {
    const id = 'video-uploads/11111111111111111111111111111111';
    const held = a.newLock(id);
    await held.lock(never, () => {});
    await a.pool.query(
      `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and pid <> pg_backend_pid()
        and objid = (hashtextextended($1, 0) & 4294967295)::bigint::oid`,
      [`tus:${id}`],
    );
    const next = b.newLock(id);
    await next.lock(never, () => {});
    await next.unlock();
    await held.unlock().catch(() => {});
  });
});
