import { PURCHASE_REFUSALS } from '@contracts/buying';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/src/db/client';
import { insertBuyCodeRow, insertDealer } from '../server/test/factories';

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** `count` dealers, each with one buy code (B??Z, unique for up to 1,024 dealers). */
export async function seedBuyers(db: Database, count: number, prefix = 'Bench Dealer') {
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    const dealer = await insertDealer(db, { dealerName: `${prefix} ${i}` });
    const code = `B${ALPHABET[Math.floor(i / 32)]}${ALPHABET[i % 32]}Z`;
    await insertBuyCodeRow(db, { dealerId: dealer.id, code });
    codes.push(code);
  }
  return codes;
}

export interface RaceResult {
  purchases: number;
  refusals: number;
  errors: number;
  /** The errors by what they were: an HTTP status, or `network` (no answer). */
  errorKinds: Record<string, number>;
  seconds: number;
  /** Every request's latency in ms, sorted. */
  latencies: number[];
}

/**
 * One buyer per code pressing Buy Now (POST /api/verify-code) on random unsold cars until every car
 * is sold; buyer i talks to urls[i % urls.length]. A 409 VEHICLE_SOLD means another buyer got the car
 * first (a refusal); any other answer is an error, counted by its status and reason.
 */
export async function raceToBuy(urls: string[], codes: string[], vehicleIds: number[]): Promise<RaceResult> {
  const latencies: number[] = [];
  const result = { purchases: 0, refusals: 0, errors: 0 };
  const errorKinds: Record<string, number> = {};
  const unsold = new Set(vehicleIds);
  const started = performance.now();
  const buyer = async (index: number) => {
    const url = urls[index % urls.length]!;
    while (unsold.size > 0) {
      const ids = [...unsold];
      const vehicleId = ids[Math.floor(Math.random() * ids.length)]!;
      const t0 = performance.now();
      const response = await fetch(`${url}/api/verify-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: codes[index], vehicleId }),
      }).catch(() => null);
      const body = response
        ? ((await response.json().catch(() => null)) as { reason?: string } | null)
        : null;
      latencies.push(performance.now() - t0);
      if (response?.status === 200) {
        result.purchases++;
        unsold.delete(vehicleId);
      } else if (response?.status === 409 && body?.reason === PURCHASE_REFUSALS.vehicleSold) {
        result.refusals++;
        unsold.delete(vehicleId);
      } else {
        result.errors++;
        const kind = response ? `${response.status}${body?.reason ? ` ${body.reason}` : ''}` : 'network';
        errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
      }
    }
  };
  await Promise.all(codes.map((_, i) => buyer(i)));
  return {
    ...result,
    errorKinds,
    seconds: (performance.now() - started) / 1000,
    latencies: latencies.sort((a, b) => a - b),
  };
}

/** Errors by kind for a line of figures: `409×3 network×1`, or `-`. */
export const kindsOf = (kinds: Record<string, number>) =>
  Object.entries(kinds)
    .map(([kind, n]) => `${kind}×${n}`)
    .join(' ') || '-';

/** The p-th percentile of sorted latencies, to 0.1 ms. */
export const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;

/** Cars sold more than once (must be 0) and cars marked sold, as the database has them. */
export async function saleCounts(db: Database) {
  const count = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  return {
    doubleSales: await count(sql`select count(*)::int as n from (
      select vehicle_id from transactions where not cancelled group by vehicle_id having count(*) > 1) d`),
    sold: await count(sql`select count(*)::int as n from vehicles where status = 'sold'`),
  };
}
