/**
 * bench:list — GET /api/vehicles with 1,000 published vehicles, against a ceiling: a bare node:http
 * server answering the identical pre-compressed bytes (and the app's headers) from memory, each in its own process, loaded
 * alternately, twice; the ratio is what matters on a noisy machine. Target: ratio ≥ 0.8.
 * Then the server's resident memory with 10,000 vehicles loaded, after serving the list under load
 * (target ≤ 250 MB): on PGlite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names
 * a server (a fresh database is created there and dropped).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DbHandle, openDatabase } from '../server/src/db/client';
import { vehicles } from '../server/src/db/schema';
import { createDatabase, dropDatabase } from '../server/test/pg-admin';
import {
  answerAgainstCeiling,
  benchDatabase,
  line,
  lineAgainstCeiling,
  load,
  residentMemoryMb,
  startBenchServer,
  writeResults,
} from './support';
import { insertBenchVehicles } from './vehicles-fixture';

const COUNT = Number(process.env.BENCH_VEHICLES ?? 1000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

const { handle, env } = await benchDatabase();
await handle.db.delete(vehicles);
await insertBenchVehicles(handle.db, 0, COUNT, 500);
await handle.close();

const server = await startBenchServer(env);
const {
  raw,
  gzipped,
  headers,
  app,
  ceiling: bare,
} = await answerAgainstCeiling(`${server.url}/api/vehicles`, DURATION);
const rssMb = residentMemoryMb(server.child.pid);
await server.stop();

/** RSS of the server (as npm start runs it) with 10,000 vehicles, after 5 s of list requests. */
async function residentWith10k(env: Record<string, string>) {
  const server10k = await startBenchServer(env);
  try {
    await load({ url: `${server10k.url}/api/vehicles`, headers, duration: 5 });
    return residentMemoryMb(server10k.child.pid);
  } finally {
    await server10k.stop();
  }
}
async function fill10k(db: DbHandle['db']) {
  await db.delete(vehicles);
  await insertBenchVehicles(db, 0, 10_000, 500);
}
const memory: { pglite: number | null; postgres: number | null } = { pglite: null, postgres: null };
{
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-rss-'));
  const embedded = await openDatabase({ dataDir: join(dataDir, 'db') });
  await embedded.migrate();
  await fill10k(embedded.db);
  await embedded.close();
  memory.pglite = await residentWith10k({ DATA_DIR: dataDir });
}
const pgServer = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgServer) {
  const database = await createDatabase(pgServer, 'bench_rss', { fromTemplate: false });
  try {
    const pgHandle = await openDatabase({ databaseUrl: database.url });
    await pgHandle.migrate();
    await fill10k(pgHandle.db);
    await pgHandle.close();
    memory.postgres = await residentWith10k({ DATABASE_URL: database.url });
  } finally {
    await dropDatabase(pgServer, database.name);
  }
}

line('vehicles', COUNT);
line('payload raw / gzip (bytes)', `${raw.length} / ${gzipped.length}`);
const ratio = lineAgainstCeiling(app, bare, { target: 0.8 });
line(`server resident memory after the run, ${COUNT} vehicles (MB)`, rssMb ?? 'n/a');
line('RSS with 10,000 vehicles, PGlite (MB, target ≤ 250)', memory.pglite ?? 'n/a');
line(
  'RSS with 10,000 vehicles, PostgreSQL (MB, target ≤ 250)',
  memory.postgres ?? 'not measured (set BENCH_DATABASE_URL)',
);
const file = writeResults('list', {
  vehicles: COUNT,
  rawBytes: raw.length,
  gzipBytes: gzipped.length,
  app,
  ceiling: bare,
  ratio,
  rssMb,
  memory,
});
line('written', file);
