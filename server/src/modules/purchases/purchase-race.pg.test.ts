import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { insertBuyCodeRow, insertDealer, insertVehicle } from '../../../test/factories';
import { createDatabase, dropDatabase } from '../../../test/pg-admin';
import { NO_ATTEMPT_LIMITS, type SpawnedServer, spawnServer } from '../../../test/spawn-server';
import { type DbHandle, openDatabase } from '../../db/client';
import { buyCodes, offers, transactions, vehicles } from '../../db/schema';

/**
 * Runs only on PostgreSQL (vitest.config includes *.pg.test.ts when TEST_DATABASE_URL is set):
 * two app processes on one database, many buyers at once.
 */
const serverUrl = inject('testDatabaseUrl');
let database: { name: string; url: string };
let handle: DbHandle;
let servers: SpawnedServer[] = [];

beforeAll(async () => {
  database = await createDatabase(serverUrl, 'app_race', { fromTemplate: true });
  handle = await openDatabase({ databaseUrl: database.url });
  const env = { DATABASE_URL: database.url, ...NO_ATTEMPT_LIMITS };
  servers = await Promise.all([spawnServer(env), spawnServer(env)]);
}, 90_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await handle?.close();
  if (database) await dropDatabase(serverUrl, database.name);
});

const CODE_CHARS = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
async function tenDealers(prefix: string) {
  const codes: string[] = [];
  for (let i = 0; i < 10; i++) {
    const dealer = await insertDealer(handle.db);
    const code = `${prefix}${CODE_CHARS[i]}${CODE_CHARS[(i * 7) % 32]}`;
    await insertBuyCodeRow(handle.db, { dealerId: dealer.id, code });
    codes.push(code);
  }
  return codes;
}

const buy = (server: SpawnedServer, code: string, vehicleId: number) =>
  fetch(`${server.url}/api/verify-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, vehicleId }),
  }).then((r) => r.status);

describe('no car is sold twice (PostgreSQL, two instances)', () => {
  it('lets exactly one of 50 concurrent Buy Now calls from 10 dealers succeed', async () => {
    const vehicle = await insertVehicle(handle.db, { price: '25000.00' });
    const codes = await tenDealers('R2');
    const calls = Array.from({ length: 50 }, (_, i) => buy(servers[i % 2]!, codes[i % 10]!, vehicle.id));
    const statuses = await Promise.all(calls);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The losers are told the car is sold (409, VEHICLE_SOLD).
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);

    const sales = await handle.db.select().from(transactions).where(eq(transactions.vehicleId, vehicle.id));
    expect(sales).toHaveLength(1);
    const [used] = await handle.db
      .select({ total: sql<number>`sum(${buyCodes.usageCount})::int` })
      .from(buyCodes)
      .where(sql`${buyCodes.code} like 'R2%'`);
    expect(used!.total).toBe(1);
    const [sold] = await handle.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(sold!.status).toBe('sold');
  }, 60_000);

  it('lets exactly one win when a dealer accepts a counter while others press Buy Now', async () => {
    const vehicle = await insertVehicle(handle.db, { price: '31000.00' });
    const codes = await tenDealers('R3');
    const counterDealer = await insertDealer(handle.db);
    await insertBuyCodeRow(handle.db, { dealerId: counterDealer.id, code: 'R3ZZ' });
    const [offer] = await handle.db
      .insert(offers)
      .values({
        vehicleId: vehicle.id,
        dealerId: counterDealer.id,
        amount: '29000.00',
        status: 'countered',
        counterAmount: '30000.00',
        expiresAt: sql`now() + interval '1 day'`,
      })
      .returning();
    const login = await fetch(`${servers[1]!.url}/api/dealer/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dealerName: counterDealer.dealerName, buyCode: 'R3ZZ' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

    const accept = fetch(`${servers[1]!.url}/api/dealer/offers/${offer!.id}/respond`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ action: 'accept' }),
    }).then((r) => r.status);
    const buys = Array.from({ length: 30 }, (_, i) => buy(servers[i % 2]!, codes[i % 10]!, vehicle.id));
    const statuses = await Promise.all([accept, ...buys]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);

    const sales = await handle.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.vehicleId, vehicle.id), eq(transactions.cancelled, false)));
    expect(sales).toHaveLength(1);
    const [after] = await handle.db.select().from(offers).where(eq(offers.id, offer!.id));
    // The offer is accepted if the counter won, declined with 'Vehicle sold' if a buyer won.
    expect(after!.status).toBe(sales[0]!.offerId === offer!.id ? 'accepted' : 'declined');
  }, 60_000);
});
