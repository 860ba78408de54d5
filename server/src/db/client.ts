import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PROJECT_ROOT } from '../project-root';
import { lockDataDir } from './data-dir-lock';
import { POOL_OPTIONS } from './pool-options';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';

export interface DbHandle {
  db: Database;
  kind: DbKind;
  /** The server's URL (PostgreSQL only), for parts that need connections of their own (tus locks). */
  databaseUrl?: string;
  /** Applies the committed migrations (idempotent; serialised across instances on PostgreSQL). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Subscribes to a Postgres NOTIFY channel (both on PGlite and on a server); `onNotify` gets each
   * notification's payload. On a server the listening connection is re-established if it drops,
   * and `onNotify` runs then too with no payload (`undefined`), because notifications may have
   * been missed meanwhile.
   */
  listen(channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const assertChannel = (channel: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
};

export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'server/src/db/migrations');
/** An arbitrary, fixed key for pg_advisory_lock so parallel starts do not migrate at once. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * PGlite's start parameters: its defaults plus a 16 MB buffer cache. The default 128 MB cache
 * lives in the WebAssembly heap and cost ~145 MB of resident memory; the data files are read
 * through the OS page cache anyway, and 10,000 vehicles are ~27 MB on disk (bench:list RSS).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Every PGlite instance opens with these: the start parameters above and the extensions the
 * migrations create (pg_trgm for the vehicle search, migration 0008). A data directory that holds
 * an extension cannot be opened without it, so backups, restores and test snapshots use them too.
 */
export const PGLITE_OPTIONS = { startParams: PGLITE_START_PARAMS, extensions: { pg_trgm } };

export type DbOptions = { databaseUrl: string } | { dataDir: string } | { pglite: PGlite };

export async function openDatabase(options: DbOptions): Promise<DbHandle> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl);
  // A directory is this process's alone while open (data-dir-lock.ts).
  let release = () => {};
  const client =
    'pglite' in options
      ? options.pglite
      : await (async () => {
          const dataDir = resolve(options.dataDir);
          mkdirSync(dataDir, { recursive: true });
          release = lockDataDir(dataDir);
          return PGlite.create({ ...PGLITE_OPTIONS, dataDir }).catch((error: unknown) => {
            release();
            throw error;
          });
        })();
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onNotify) => {
      assertChannel(channel);
      const unsubscribe = await client.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
      release();
    },
  };
}

async function openPostgres(databaseUrl: string): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, ...POOL_OPTIONS });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    databaseUrl,
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const locked = drizzlePg({ client, schema, casing: 'snake_case' });
        await migratePg(locked, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, onNotify) => listenOnServer(databaseUrl, channel, onNotify),
    close: () => pool.end(),
  };
}

/**
 * A dedicated connection for LISTEN, reconnected with backoff; a reconnect counts as a
 * notification without a payload (whatever was sent meanwhile is lost).
 */
async function listenOnServer(databaseUrl: string, channel: string, onNotify: (payload?: string) => void) {
  assertChannel(channel);
  let stopped = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  const connect = async (attempt: number): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', () => {
      if (stopped) return;
      next.end().catch(() => {});
      client = null;
      retryTimer = setTimeout(
        () => void connect(attempt + 1).catch(() => {}),
        Math.min(30_000, 250 * 2 ** attempt),
      );
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
    if (attempt > 0) onNotify();
  };
  await connect(0);
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    await client?.end().catch(() => {});
  };
}

/** A transaction handle; use cases accept either so they compose inside one DB transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;
