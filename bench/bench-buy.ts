/**
 * bench:buy — on PostgreSQL, two app instances, 100 vehicles and 50 concurrent buyers pressing
 * Buy Now on random cars until every car is sold. Prints purchases/s, p50/p99 latency and the
 * double-sale count (must be 0). Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a server where the
 * user may create databases); a fresh database is created and dropped.
 */
import { openDatabase } from '../server/src/db/client';
import { vehicles } from '../server/src/db/schema';
import { createDatabase, dropDatabase } from '../server/test/pg-admin';
import { kindsOf, percentile, raceToBuy, saleCounts, seedBuyers } from './buy-race';
import { line, requirePostgres, startBenchServer, writeResults } from './support';
import { benchVehicles } from './vehicles-fixture';

const serverUrl = requirePostgres('buy');
const VEHICLES = 100;
const BUYERS = 50;

const database = await createDatabase(serverUrl, 'bench_buy', { fromTemplate: false });
const handle = await openDatabase({ databaseUrl: database.url });
await handle.migrate();
const cars = await handle.db
  .insert(vehicles)
  .values(benchVehicles(0, VEHICLES))
  .returning({ id: vehicles.id });
const codes = await seedBuyers(handle.db, BUYERS);

const servers = await Promise.all([
  startBenchServer({ DATABASE_URL: database.url }),
  startBenchServer({ DATABASE_URL: database.url }),
]);
const race = await raceToBuy(
  servers.map((s) => s.url),
  codes,
  cars.map((c) => c.id),
);
const { purchases, refusals, errors, seconds, latencies } = race;
const { doubleSales, sold } = await saleCounts(handle.db);
await Promise.all(servers.map((s) => s.stop()));
await handle.close();
await dropDatabase(serverUrl, database.name);

const pct = (p: number) => percentile(latencies, p);
line('vehicles / buyers / instances', `${VEHICLES} / ${BUYERS} / ${servers.length}`);
line('purchases (successful Buy Now)', purchases);
line('refused (car already sold)', refusals);
line('errors (neither sold nor told sold, by kind)', `${errors} ${kindsOf(race.errorKinds)}`);
line('purchases/s', (purchases / seconds).toFixed(1));
line('requests/s', (latencies.length / seconds).toFixed(1));
line('latency p50 / p99 (ms)', `${pct(50)} / ${pct(99)}`);
line('vehicles sold in the database', sold);
line('double sales (must be 0)', doubleSales);
const file = writeResults('buy', {
  purchases,
  refusals,
  errors,
  seconds,
  p50: pct(50),
  p99: pct(99),
  sold,
  doubleSales,
});
line('written', file);
if (doubleSales !== 0 || sold !== purchases || errors > 0) process.exit(1);
