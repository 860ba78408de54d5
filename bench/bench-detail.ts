/**
 * bench:detail — GET /api/vehicles/:id over random ids (1,000 published vehicles) against a
 * ceiling: a bare node:http server (its own process) answering each id's identical response (the
 * same JSON and the same headers, security headers included) from memory. Target ≥ 0.7.
 */
import type autocannon from 'autocannon';
import { vehicles } from '../server/src/db/schema';
import {
  againstCeiling,
  benchDatabase,
  type CeilingAnswer,
  line,
  lineAgainstCeiling,
  replayableHeaders,
  residentMemoryMb,
  startBenchServer,
  startCeiling,
  writeResults,
} from './support';
import { benchVehicles } from './vehicles-fixture';

const COUNT = 1000;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

const { handle, env } = await benchDatabase();
await handle.db.delete(vehicles);
const ids: number[] = [];
for (let i = 0; i < COUNT; i += 500) {
  const rows = await handle.db.insert(vehicles).values(benchVehicles(i, 500)).returning({ id: vehicles.id });
  ids.push(...rows.map((r) => r.id));
}
await handle.close();

const server = await startBenchServer(env);
const answers = new Map<string, CeilingAnswer>();
for (const id of ids) {
  const path = `/api/vehicles/${id}`;
  const response = await fetch(`${server.url}${path}`);
  const body = Buffer.from(await response.arrayBuffer());
  answers.set(path, { headers: replayableHeaders(response), body });
}
const ceiling = await startCeiling(answers);
const ceilingBase = ceiling.url;

const randomPaths: Pick<autocannon.Options, 'requests'> = {
  requests: [
    {
      setupRequest: (req: autocannon.Request) => ({
        ...req,
        path: `/api/vehicles/${ids[Math.floor(Math.random() * ids.length)]}`,
      }),
    },
  ],
};
const { app, ceiling: bare } = await againstCeiling(
  { url: server.url, duration: DURATION, ...randomPaths },
  { url: ceilingBase, duration: DURATION, ...randomPaths },
);
const rssMb = residentMemoryMb(server.child.pid);
await server.stop();
await ceiling.stop();

line('vehicles', COUNT);
const ratio = lineAgainstCeiling(app, bare, { target: 0.7 });
line('server resident memory after the run (MB)', rssMb ?? 'n/a');
line('written', writeResults('detail', { vehicles: COUNT, app, ceiling: bare, ratio, rssMb }));
