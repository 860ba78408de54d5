import { join } from 'node:path';
import autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import { residentMemoryMb } from '../../bench/support';
import { benchVehicles } from '../../bench/vehicles-fixture';
import { migratedDataDir } from '../test/scratch';
import { spawnServer } from '../test/spawn-server';
import { openDatabase } from './db/client';
import { vehicles } from './db/schema';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);

/** 200 concurrent clients on the listing and detail endpoints over loopback, bounded in time (issue #10). */
describe('limits under load', () => {
  it('answers every request without error and gives its memory back afterwards', async () => {
    const dataDir = migratedDataDir('load-');
    const seeded = await openDatabase({ dataDir: join(dataDir, 'db') });
    await seeded.migrate();
    const ids = (
      await seeded.db.insert(vehicles).values(benchVehicles(0, 1000)).returning({ id: vehicles.id })
    ).map((r) => r.id);
    await seeded.close();
    const server = await spawnServer({ DATA_DIR: dataDir });
    try {
      await fetch(`${server.url}/api/vehicles`);
      const baseline = residentMemoryMb(server.child.pid)!;
      const result = await autocannon({
        url: server.url,
        connections: 200,
        duration: SECONDS,
        requests: [
          { path: '/api/vehicles', headers: { 'accept-encoding': 'gzip' } },
          {
            setupRequest: (req: autocannon.Request) => ({
              ...req,
              path: `/api/vehicles/${ids[Math.floor(Math.random() * ids.length)]}`,
            }),
          },
        ],
      });
      console.log(
        `load: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${result.requests.total} requests, RSS baseline ${baseline} MB`,
      );
      expect(result.errors).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(result.non2xx).toBe(0);
      expect(result.requests.total).toBeGreaterThan(1000);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

      await new Promise((r) => setTimeout(r, 3000));
      const after = residentMemoryMb(server.child.pid)!;
      console.log(`load: RSS after ${after} MB`);
      expect(after).toBeLessThan(baseline + 150);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);
});
