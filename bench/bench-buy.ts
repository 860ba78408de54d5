/**
 * bench:buy — on PostgreSQL, two app instances, 100 vehicles and 50 concurrent buyers pressing
 * Buy Now on random cars until every car is sold. Prints purchases/s, p50/p99 latency and the
 * double-sale count (must be 0). Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a server where the
 * user may create databases); a fresh database is created and dropped.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { vehicles } from '../server/src/db/schema';
import { insertBuyCodeRow, insertDealer } from '../server/test/factories';
import { createDatabase, dropDatabase } from '../server/test/pg-admin';
import { line, startBenchServer, writeResults } from './support';
import { benchVehicles } from './vehicles-fixture';

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error(
    'bench:buy runs on PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g. postgres://app:app@127.0.0.1:5432/postgres',
  );
  process.exit(1);
}
const VEHICLES = 100;
const BUYERS = 50;
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

const database = await createDatabase(serverUrl, 'bench_buy', { fromTemplate: false });
const handle = await openDatabase({ databaseUrl: database.url });
await handle.migrate();
const cars = await handle.db
  .insert(vehicles)
  .values(benchVehicles(0, VEHICLES))
  .returning({ id: vehicles.id });
const codes: string[] = [];
for (let i = 0; i < BUYERS; i++) {
  const dealer = await insertDealer(handle.db, { dealerName: `Bench Dealer ${i}` });
  const code = `B${ALPHABET[Math.floor(i / 32)]}${ALPHABET[i % 32]}Z`;
  await insertBuyCodeRow(handle.db, { dealerId: dealer.id, code });
  codes.push(code);
}

const servers = await Promise.all([
  startBenchServer({ DATABASE_URL: database.url }),
  startBenchServer({ DATABASE_URL: database.url }),
]);
const latencies: number[] = [];
let purchases = 0;
let refusals = 0;
let errors = 0;
const unsold = new Set(cars.map((c) => c.id));
const started = performance.now();

async function buyer(index: number) {
  const server = servers[index % servers.length]!;
  while (unsold.size > 0) {
    const ids = [...unsold];
    const vehicleId = ids[Math.floor(Math.random() * ids.length)]!;
    const t0 = performance.now();
    const response = await fetch(`${server.url}/api/verify-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: codes[index], vehicleId }),
    }).catch(() => null);
    latencies.push(performance.now() - t0);
    if (response?.status === 200) {
      purchases++;
      unsold.delete(vehicleId);
    } else if (response?.status === 400) {
      refusals++;
      unsold.delete(vehicleId);
    } else {
      errors++;
    }
    await response?.arrayBuffer();
  }
}
await Promise.all(Array.from({ length: BUYERS }, (_, i) => buyer(i)));
const seconds = (performance.now() - started) / 1000;

const [doubles] = (
  (await handle.db.execute(sql`
    select count(*)::int as n from (
      select vehicle_id from transactions where not cancelled group by vehicle_id having count(*) > 1
    ) d`)) as unknown as { rows: { n: number }[] }
).rows;
const [sold] = (
  (await handle.db.execute(
    sql`select count(*)::int as n from vehicles where status = 'sold'`,
  )) as unknown as { rows: { n: number }[] }
).rows;
await Promise.all(servers.map((s) => s.stop()));
await handle.close();
await dropDatabase(serverUrl, database.name);

latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]! * 10) / 10;
line('vehicles / buyers / instances', `${VEHICLES} / ${BUYERS} / ${servers.length}`);
line('purchases (successful Buy Now)', purchases);
line('refused (car already sold)', refusals);
line('transport errors', errors);
line('purchases/s', (purchases / seconds).toFixed(1));
line('requests/s', (latencies.length / seconds).toFixed(1));
line('latency p50 / p99 (ms)', `${pct(50)} / ${pct(99)}`);
line('vehicles sold in the database', sold!.n);
line('double sales (must be 0)', doubles!.n);
const file = writeResults('buy', {
  purchases,
  refusals,
  errors,
  seconds,
  p50: pct(50),
  p99: pct(99),
  sold: sold!.n,
  doubleSales: doubles!.n,
});
line('written', file);
if (doubles!.n !== 0 || sold!.n !== purchases) process.exit(1);
