/**
 * bench:sync — a 10,000-row CSV sheet synced twice (first: all created; second: all unchanged)
 * on PGlite, and on PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 */

import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DbHandle, openDatabase } from '../server/src/db/client';
import { SheetSync } from '../server/src/modules/sheets-sync/sync-vehicles';
import { createDatabase, dropDatabase } from '../server/test/pg-admin';
import { line, writeResults } from './support';
import { benchVehicles } from './vehicles-fixture';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const header = 'vin,year,make,model,mileage,price,description,condition\r\n';
const csv =
  header +
  benchVehicles(0, ROWS)
    .map((v) =>
      [v.vin, v.year, v.make, v.model, v.mileage ?? 0, v.price, `"${v.description}"`, v.condition].join(','),
    )
    .join('\r\n');
const host = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/csv' }).end(csv));
await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(host.address() as AddressInfo).port}/sheet.csv`;

async function measure(label: string, handle: DbHandle) {
  await handle.migrate();
  const sync = new SheetSync(handle.db, {
    source: { kind: 'csv', url },
    limits: { timeoutMs: 60_000, maxBytes: 200 * 1024 * 1024 },
    premiumLabel: 'Deal Machine Certified',
    // The sheet's rows have no images: this measures the rows' upsert.
    images: null,
  });
  const actor = { type: 'system' as const, id: null };
  let t = performance.now();
  const first = await sync.run(actor);
  const firstMs = Math.round(performance.now() - t);
  t = performance.now();
  const second = await sync.run(actor);
  const secondMs = Math.round(performance.now() - t);
  line(`${label}: first run (created ${first.created})`, `${firstMs} ms`);
  line(`${label}: second run (unchanged ${second.unchanged})`, `${secondMs} ms`);
  return {
    firstMs,
    secondMs,
    created: first.created,
    unchanged: second.unchanged,
    skipped: first.skipped.length,
  };
}

line('rows', ROWS);
line('csv bytes', csv.length);
const results: Record<string, unknown> = {};
const pglite = await openDatabase({ dataDir: join(mkdtempSync(join(tmpdir(), 'bench-sync-')), 'db') });
results.pglite = await measure('PGlite', pglite);
await pglite.close();

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const database = await createDatabase(serverUrl, 'bench_sync', { fromTemplate: false });
  const pg = await openDatabase({ databaseUrl: database.url });
  results.postgres = await measure('PostgreSQL', pg);
  await pg.close();
  await dropDatabase(serverUrl, database.name);
} else {
  line('PostgreSQL', 'skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
}
host.close();
line('written', writeResults('sync', { rows: ROWS, ...results }));
