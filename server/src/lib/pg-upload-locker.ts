import type { Lock, Locker, RequestRelease } from '@tus/utils';
import { ERRORS } from '@tus/utils';
import pg from 'pg';

/** Asks the instance holding an upload's lock to let it go (the payload is the upload id). */
export const RELEASE_CHANNEL = 'tus_lock_release';
const RETRY_MS = 50;

export interface PgUploadLockerOptions {
  databaseUrl: string;
  /** LISTEN on a channel (DbHandle.listen): release requests from other instances arrive there. */
  listen: (channel: string, onNotify: (payload?: string) => void) => Promise<() => Promise<void>>;
  /** How long a request waits for a lock before tus answers 500 "lock timeout". */
  acquireTimeoutMs?: number;
  /** Connections held at once for locks: one per upload request being handled on this instance. */
  maxConnections?: number;
}

/**
 * tus's Locker over PostgreSQL session advisory locks (ADR 0014), so the chunks of one upload that
 * land on different instances are written one at a time, as tus's in-process MemoryLocker does on
 * one instance. A lock is a `pg_try_advisory_lock` on the hash of the upload id, held by a
 * connection of this locker's own small pool until unlock; if the process dies, PostgreSQL drops
 * the session and the lock with it. A request that finds the lock taken sends NOTIFY
 * tus_lock_release: the holder (on whichever instance) cancels its request as tus asks
 * (requestRelease), and the waiter polls until it gets the lock or times out.
 */
export class PgUploadLocker implements Locker {
  readonly pool: pg.Pool;
  /** Locks held by this instance: upload id → how to ask its request to stop. */
  private readonly held = new Map<string, RequestRelease>();
  private unlisten: (() => Promise<void>) | null = null;
  readonly acquireTimeoutMs: number;

  private constructor(readonly options: PgUploadLockerOptions) {
    this.pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.maxConnections ?? 20 });
    // A dropped idle connection must not crash the process; its locks went with it.
    this.pool.on('error', () => {});
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 20_000;
  }

  static async create(options: PgUploadLockerOptions) {
    const locker = new PgUploadLocker(options);
    locker.unlisten = await options.listen(RELEASE_CHANNEL, (id) => {
      if (id) void locker.held.get(id)?.();
    });
    return locker;
  }

  newLock(id: string): Lock {
    return new PgUploadLock(id, this, this.held);
  }

  async close() {
    await this.unlisten?.();
    await this.pool.end();
  }
}

class PgUploadLock implements Lock {
  private client: pg.PoolClient | null = null;
  private onError: (() => void) | null = null;

  constructor(
    private readonly id: string,
    private readonly locker: PgUploadLocker,
    private readonly held: Map<string, RequestRelease>,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const client = await this.locker.pool.connect();
    // The connection may drop while the lock is held (the lock went with it): the request is asked
    // to stop, and the error is not left unhandled (it would end the process).
    this.onError = () => {
      if (this.client === client) void requestRelease();
    };
    client.on('error', this.onError);
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    let asked = false;
    try {
      for (;;) {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
          [`tus:${this.id}`],
        );
        if (rows[0]?.locked) {
          this.client = client;
          this.held.set(this.id, requestRelease);
          return;
        }
        if (!asked) {
          await client.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, this.id]);
          asked = true;
        }
        if (signal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    } catch (error) {
      this.release(client);
      throw error;
    }
  }

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('Releasing an unlocked lock!');
    this.client = null;
    this.held.delete(this.id);
    try {
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [`tus:${this.id}`]);
      this.release(client);
    } catch (error) {
      // A connection that failed mid-unlock is not returned to the pool: closing it ends the lock.
      this.release(client, error as Error);
    }
  }

  private release(client: pg.PoolClient, error?: Error) {
    if (this.onError) client.off('error', this.onError);
    this.onError = null;
    client.release(error);
  }
}
