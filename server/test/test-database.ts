import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type DbHandle, openDatabase, PGLITE_OPTIONS } from '../src/db/client';
import { createDatabase, dropDatabase } from './pg-admin';

let snapshot: Blob | null = null;

/**
 * A fresh, migrated, empty database for one test file: PGlite in-process by default, a new
 * PostgreSQL database when TEST_DATABASE_URL is set. The same tests run on both.
 */
export async function createTestDatabase(): Promise<DbHandle> {
  const serverUrl = inject('testDatabaseUrl');
  if (serverUrl) {
    const { name, url } = await createDatabase(serverUrl, 'app_test', { fromTemplate: true });
    const handle = await openDatabase({ databaseUrl: url });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await dropDatabase(serverUrl, name);
      },
    };
  }
  return leasePglite();
}

/**
 * PGlite instances this worker has used and given back, each reset to the migrated snapshot. A test
 * worker runs one file after another in one process (`isolate: false`); starting an instance from
 * the snapshot took ~0.9 s (1.6 s on a busy machine) for each of ~110 databases a run opens, and a
 * reset takes a tenth of that.
 */
const idle: PGlite[] = [];
/**
 * How many PGlite databases this worker started, how many leases reused one and how many given-back
 * ones were closed rather than reused (its own test reads them).
 */
export const pgliteLeases = { started: 0, reused: 0, discarded: 0 };

/** What the snapshot holds besides its schema: the rows the migrations insert and the sequences. */
interface Baseline {
  schema: string;
  tables: { name: string; columns: string; rows: string | null }[];
  sequences: { name: string; value: string | null }[];
}
let baseline: Baseline | null = null;

const SYSTEM_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast')`;

/** Every object a test could add, change or drop: tables and their columns, functions, triggers, constraints. */
const SCHEMA_FINGERPRINT = `
  select md5(coalesce(string_agg(item, ',' order by item), '')) as schema from (
    select n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' ||
      coalesce((select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text || a.attgenerated::text, ';' order by a.attnum)
        from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname not in ${SYSTEM_SCHEMAS}
    union all select 'f:' || p.proname || ':' || md5(p.prosrc) from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ${SYSTEM_SCHEMAS}
    union all select 't:' || tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
    union all select 'c:' || conname || ':' || pg_get_constraintdef(oid) from pg_constraint
      where connamespace in (select oid from pg_namespace where nspname not in ${SYSTEM_SCHEMAS})
  ) items`;

const quoted = (name: string) =>
  name
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');

/** Reads the snapshot's schema, rows and sequences once, from an instance just made from it. */
async function readBaseline(client: PGlite): Promise<Baseline> {
  const schema = (await client.query<{ schema: string }>(SCHEMA_FINGERPRINT)).rows[0]!.schema;
  const tables = (
    await client.query<{ name: string; columns: string }>(`
      select n.nspname || '.' || c.relname as name,
        (select string_agg(quote_ident(a.attname), ', ' order by a.attnum) from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ${SYSTEM_SCHEMAS} order by 1`)
  ).rows;
  const withRows: Baseline['tables'] = [];
  for (const table of tables) {
    const rows = (
      await client.query<{ rows: string | null }>(
        `select json_agg(t)::text as rows from (select ${table.columns} from ${quoted(table.name)}) t`,
      )
    ).rows[0]!.rows;
    withRows.push({ ...table, rows });
  }
  const sequences = (
    await client.query<{ name: string; value: string | null }>(
      `select schemaname || '.' || sequencename as name, last_value::text as value from pg_sequences
        where schemaname not in ${SYSTEM_SCHEMAS}`,
    )
  ).rows;
  return { schema, tables: withRows, sequences };
}

/**
 * Puts a given-back instance in the state the snapshot left it in, or says it cannot: a test that
 * changed the schema gets its instance closed instead of reused.
 */
async function reset(client: PGlite, known: Baseline): Promise<boolean> {
  // Session state: settings, prepared statements, temporary tables, advisory locks, LISTENs.
  await client.exec('discard all');
  const schema = (await client.query<{ schema: string }>(SCHEMA_FINGERPRINT)).rows[0]!.schema;
  if (schema !== known.schema) return false;
  await client.transaction(async (tx) => {
    await tx.exec(`truncate ${known.tables.map((t) => quoted(t.name)).join(', ')} restart identity cascade`);
    for (const table of known.tables) {
      if (table.rows === null) continue;
      await tx.query(
        `insert into ${quoted(table.name)} (${table.columns}) overriding system value
          select ${table.columns} from json_populate_recordset(null::${quoted(table.name)}, $1::json)`,
        [table.rows],
      );
    }
    for (const sequence of known.sequences) {
      await tx.exec(
        sequence.value === null
          ? `alter sequence ${quoted(sequence.name)} restart`
          : `select setval('${quoted(sequence.name)}', ${sequence.value}, true)`,
      );
    }
  });
  return true;
}

/**
 * A database for one test file from the worker's idle instances, else a new one from the snapshot.
 * The file's handle works until it is closed; closing gives the instance back (reset), and anything
 * still holding the handle afterwards (a timer the test forgot) gets an error, never the next file's data.
 */
async function leasePglite(): Promise<DbHandle> {
  let client = idle.pop();
  if (client) pgliteLeases.reused++;
  else {
    pgliteLeases.started++;
    snapshot ??= new Blob([readFileSync(inject('pgliteSnapshotPath'))]);
    client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: snapshot });
    baseline ??= await readBaseline(client);
  }
  const owned = client;
  let leased = true;
  const leaseEnded = () => {
    throw new Error('this test database was closed (its instance went back to the pool)');
  };
  const lease = new Proxy(owned, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => (leased ? value.apply(target, args) : leaseEnded());
    },
  });
  const handle = await openDatabase({ pglite: lease });
  const channels = new Set<string>();
  return {
    ...handle,
    listen: async (channel, onNotify) => {
      channels.add(channel);
      return handle.listen(channel, onNotify);
    },
    close: async () => {
      if (!leased) return;
      leased = false;
      for (const channel of channels) await owned.unlisten(channel).catch(() => {});
      const reusable = baseline !== null && (await reset(owned, baseline).catch(() => false));
      if (reusable) idle.push(owned);
      else {
        pgliteLeases.discarded++;
        await owned.close();
      }
    },
  };
}
