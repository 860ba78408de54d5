import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../src/db/client';
import { insertBuyCodeRow, insertDealer, insertVehicle } from './factories';
import type { SpawnedServer } from './spawn-server';

const CODE_CHARS = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Ten dealers with codes and forty cars to fight over. */
export async function seedBattlefield(db: Database) {
  const codes: string[] = [];
  for (let i = 0; i < 10; i++) {
    const dealer = await insertDealer(db);
    const code = `K${CODE_CHARS[i]}${CODE_CHARS[(i * 5) % 32]}9`;
    await insertBuyCodeRow(db, { dealerId: dealer.id, code });
    codes.push(code);
  }
  const vehicleIds: number[] = [];
  for (let i = 0; i < 40; i++) vehicleIds.push((await insertVehicle(db)).id);
  return { codes, vehicleIds };
}

export interface Acknowledged {
  purchases: number[];
  offers: number[];
}

/**
 * Fires purchases and offers at the server and SIGKILLs it once about half have been answered.
 * Returns what the server acknowledged with a 2xx before it died.
 */
export async function burstAndKill(
  server: SpawnedServer,
  codes: string[],
  vehicleIds: number[],
): Promise<Acknowledged> {
  const acknowledged: Acknowledged = { purchases: [], offers: [] };
  let answered = 0;
  const total = vehicleIds.length * 2;
  const post = async (path: string, body: unknown) => {
    try {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as { transactionId?: number; id?: number };
      answered++;
      if (answered >= total / 2 && server.child.exitCode === null) server.child.kill('SIGKILL');
      return { status: response.status, json };
    } catch {
      return null;
    }
  };
  await Promise.all(
    vehicleIds.flatMap((vehicleId, i) => [
      post('/api/verify-code', { code: codes[i % codes.length], vehicleId }).then((r) => {
        if (r?.status === 200 && r.json.transactionId) acknowledged.purchases.push(r.json.transactionId);
      }),
      post(`/api/vehicles/${vehicleIds[(i + 7) % vehicleIds.length]}/offers`, {
        amount: '1000',
        buyCode: codes[(i + 3) % codes.length],
      }).then((r) => {
        if (r?.status === 201 && r.json.id) acknowledged.offers.push(r.json.id);
      }),
    ]),
  );
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  return acknowledged;
}

type Rows<T> = { rows: T[] };
const rows = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/** Everything acknowledged is there, and nothing is half-written. */
export async function expectConsistent(db: Database, acknowledged: Acknowledged) {
  expect(acknowledged.purchases.length + acknowledged.offers.length).toBeGreaterThan(0);
  const transactionIds = (await rows<{ id: number }>(db, sql`select id from transactions`)).map((r) =>
    Number(r.id),
  );
  for (const id of acknowledged.purchases)
    expect(transactionIds, `acknowledged transaction ${id}`).toContain(id);
  const offerIds = (await rows<{ id: number }>(db, sql`select id from offers`)).map((r) => Number(r.id));
  for (const id of acknowledged.offers) expect(offerIds, `acknowledged offer ${id}`).toContain(id);

  const saleWithoutSoldCar = await rows(
    db,
    sql`
    select t.id from transactions t join vehicles v on v.id = t.vehicle_id where not t.cancelled and v.status <> 'sold'`,
  );
  expect(saleWithoutSoldCar).toEqual([]);
  const soldCarWithoutSale = await rows(
    db,
    sql`
    select v.id from vehicles v where v.status = 'sold'
    and (select count(*) from transactions t where t.vehicle_id = v.id and not t.cancelled) <> 1`,
  );
  expect(soldCarWithoutSale).toEqual([]);
  const offerWithoutActivity = await rows(
    db,
    sql`
    select o.id from offers o where not exists (select 1 from offer_activities a where a.offer_id = o.id)`,
  );
  expect(offerWithoutActivity).toEqual([]);
  const usageMismatch = await rows(
    db,
    sql`
    select c.id from buy_codes c
    where c.usage_count <> (select count(*) from transactions t where t.buy_code_id = c.id and t.offer_id is null)`,
  );
  expect(usageMismatch).toEqual([]);
}
