import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { foldSearchGroups } from '../modules/housekeeping/run-housekeeping';
import { adminVehicleCountsQuery } from '../modules/vehicles/find-vehicles';
import { MILEAGE_BAND } from '../modules/vehicles/search-filters';
import type { DbHandle } from './client';
import { buyCodes, dealers, offers, transactions, vehicles } from './schema';

let database: DbHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const dealer = (name: string) => ({
  dealerName: name,
  address: '1 Main St',
  contactName: 'A B',
  email: 'a@b.example',
  phone: '5555550100',
  billingContactName: 'A B',
  billingContactEmail: 'a@b.example',
  billingContactPhone: '5555550100',
  titleContactName: 'A B',
  titleContactEmail: 'a@b.example',
  titleContactPhone: '5555550100',
});

/** Runs a statement and returns the database's error message, or null when it succeeded. */
async function failureOf(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
}

describe('schema invariants', () => {
  it('applies the spec defaults', async () => {
    const [v] = await database.db.insert(vehicles).values({ vin: '1HGCM82633A004352' }).returning();
    expect(v).toMatchObject({
      status: 'pending',
      inQueue: true,
      isPaid: false,
      videos: [],
      videoThumbnails: [],
    });
    const [d] = await database.db.insert(dealers).values(dealer('Defaults Motors')).returning();
    expect(d?.active).toBe(true);
    const [c] = await database.db.insert(buyCodes).values({ code: 'AB23', dealerId: d!.id }).returning();
    expect(c).toMatchObject({ usageCount: 0, active: true, maxUses: null });
  });

  it('never allows two open transactions for one vehicle, but allows one after a cancellation', async () => {
    const [v] = await database.db
      .insert(vehicles)
      .values({ vin: '1G4AH59H45G118341', price: '1000.00' })
      .returning();
    const [d] = await database.db.insert(dealers).values(dealer('Double Sale Motors')).returning();
    const sale = { vehicleId: v!.id, dealerId: d!.id, amount: '1000.00' };
    await database.db.insert(transactions).values(sale);
    expect(await failureOf(() => database.db.insert(transactions).values(sale))).toMatch(
      /transactions_one_open_per_vehicle/,
    );
    await database.db.update(transactions).set({ cancelled: true }).where(eq(transactions.vehicleId, v!.id));
    expect(await failureOf(() => database.db.insert(transactions).values(sale))).toBeNull();
  });

  it('keeps money exact in numeric(10,2) and refuses amounts beyond it', async () => {
    const [v] = await database.db
      .insert(vehicles)
      .values({ vin: '2T1BURHE0JC000001', price: '99999999.99' })
      .returning();
    expect(v?.price).toBe('99999999.99');
    expect(
      await failureOf(() =>
        database.db.insert(vehicles).values({ vin: '2T1BURHE0JC000002', price: '100000000.00' }),
      ),
    ).toMatch(/overflow/);
    expect(
      await failureOf(() => database.db.insert(vehicles).values({ vin: '2T1BURHE0JC000003', price: '-1' })),
    ).toMatch(/vehicles_price_check/);
  });

  it('allows one open offer per dealer and vehicle', async () => {
    const [v] = await database.db.insert(vehicles).values({ vin: '3VWDX7AJ5DM000001' }).returning();
    const [d] = await database.db.insert(dealers).values(dealer('Offer Motors')).returning();
    const offer = {
      vehicleId: v!.id,
      dealerId: d!.id,
      amount: '500.00',
      expiresAt: new Date(Date.now() + 3600_000),
    };
    const [first] = await database.db.insert(offers).values(offer).returning();
    expect(await failureOf(() => database.db.insert(offers).values(offer))).toMatch(
      /offers_one_open_per_dealer_vehicle/,
    );
    await database.db.update(offers).set({ status: 'declined' }).where(eq(offers.id, first!.id));
    expect(await failureOf(() => database.db.insert(offers).values(offer))).toBeNull();
  });

  it('refuses unknown statuses, duplicate codes, VINs and case-variant dealer names', async () => {
    expect(
      await failureOf(() =>
        database.db.insert(vehicles).values({ vin: '5YJ3E1EA0KF000001', status: 'gone' }),
      ),
    ).toMatch(/vehicles_status_check/);
    expect(await failureOf(() => database.db.insert(vehicles).values({ vin: '1HGCM82633A004352' }))).toMatch(
      /vehicles_vin_unique/,
    );
    const [d] = await database.db.select().from(dealers).limit(1);
    expect(
      await failureOf(() => database.db.insert(buyCodes).values({ code: 'AB23', dealerId: d!.id })),
    ).toMatch(/buy_codes_code_unique/);
    expect(await failureOf(() => database.db.insert(dealers).values(dealer('  offer MOTORS ')))).toMatch(
      /dealers_name_ci_unique/,
    );
  });

  it('stores timestamps with time zone', async () => {
    const result = (await database.db.execute(
      sql`select data_type from information_schema.columns where table_name = 'offers' and column_name = 'expires_at'`,
    )) as unknown as { rows: { data_type: string }[] };
    expect(result.rows[0]?.data_type).toBe('timestamp with time zone');
  });
});

describe('vehicle_search_groups and vehicle_mileage_groups (migrations 0010, 0036 and 0039)', () => {
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
  /** The groups as the triggers keep them, and as counting the published vehicles gives them. */
  const keptIn = (table: 'vehicle_search_groups' | 'vehicle_mileage_groups', band: ReturnType<typeof sql>) =>
    rowsOf(
      sql`select ${band} as band, search_text, condition, make, model, grade::text, year, location_zip, sum(count)::integer as count
          from ${sql.identifier(table)} group by 1, 2, 3, 4, 5, 6, 7, 8 having sum(count) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8`,
    );
  const countedBy = (band: ReturnType<typeof sql>) =>
    rowsOf(
      sql`select ${band} as band, search_text, coalesce(condition, '') as condition, coalesce(make, '') as make,
            coalesce(model, '') as model, coalesce(grade, -1)::numeric(2, 1)::text as grade,
            coalesce(year, -1) as year, coalesce(location_zip, '') as location_zip, count(*)::integer as count
          from vehicles where status = 'active' and in_queue = false
          group by 1, 2, 3, 4, 5, 6, 7, 8 order by 1, 2, 3, 4, 5, 6, 7, 8`,
    );
  // The mileage groups' band: the mileage sort key over 10,000 (search-filters.ts MILEAGE_BAND).
  const kept = async () => [
    await keptIn('vehicle_search_groups', sql`0`),
    await keptIn('vehicle_mileage_groups', sql`mileage_band`),
  ];
  const counted = async () => [
    await countedBy(sql`0`),
    await countedBy(sql`coalesce(mileage, 2147483647) / ${MILEAGE_BAND}`),
  ];

  it('follows every insert, update and delete of vehicles, one or many at a time', async () => {
    const vin = (n: number) => `2T1BURHE0JC${String(100000 + n)}`.slice(0, 17);
    const made = await database.db
      .insert(vehicles)
      .values(
        Array.from({ length: 12 }, (_, n) => ({
          vin: vin(n),
          make: n % 2 ? 'Toyota' : null,
          model: n % 7 ? 'Corolla' : null,
          year: n % 8 ? 2018 + (n % 3) : null,
          mileage: n % 9 ? n * 4000 : null,
          locationZip: n % 4 ? null : '30303',
          condition: n % 3 ? 'Auction Certified' : null,
          grade: n % 4 ? '3.5' : null,
          status: n % 5 ? 'active' : 'pending',
          inQueue: n % 6 === 0,
        })),
      )
      .returning({ id: vehicles.id });
    expect(await kept()).toEqual(await counted());
    const ids = made.map((v) => v.id);
    // One vehicle sold, one out of the queue, a new grade, a new make, many at once, a deletion.
    await database.db.update(vehicles).set({ status: 'sold' }).where(eq(vehicles.id, ids[1]!));
    expect(await kept()).toEqual(await counted());
    await database.db
      .update(vehicles)
      .set({ inQueue: false, status: 'active' })
      .where(eq(vehicles.id, ids[6]!));
    await database.db.update(vehicles).set({ grade: '4.5' }).where(eq(vehicles.id, ids[3]!));
    await database.db.update(vehicles).set({ make: 'Lexus' }).where(eq(vehicles.id, ids[7]!));
    await database.db.update(vehicles).set({ locationZip: '98101' }).where(eq(vehicles.id, ids[5]!));
    await database.db.update(vehicles).set({ mileage: 31_000 }).where(eq(vehicles.id, ids[4]!));
    expect(await kept()).toEqual(await counted());
    await database.db.update(vehicles).set({ year: 2021 }).where(eq(vehicles.model, 'Corolla'));
    expect(await kept()).toEqual(await counted());
    await database.db.delete(vehicles).where(eq(vehicles.id, ids[9]!));
    await database.db.update(vehicles).set({ updatedAt: new Date() });
    expect(await kept()).toEqual(await counted());
    const [searchGroups, mileageGroups] = await counted();
    expect(searchGroups!.length).toBeGreaterThan(2);
    expect(mileageGroups!.length).toBeGreaterThan(2);
    // Folded (housekeeping): one row per group with vehicles, the same counts; then changes go on.
    const rows = async () => [
      (await rowsOf(sql`select 1 from vehicle_search_groups`)).length,
      (await rowsOf(sql`select 1 from vehicle_mileage_groups`)).length,
    ];
    const [searchRows, mileageRows] = await rows();
    expect(searchRows).toBeGreaterThan(searchGroups!.length);
    expect(mileageRows).toBeGreaterThan(mileageGroups!.length);
    expect(await foldSearchGroups(database.db)).toBe(searchGroups!.length);
    expect(await rows()).toEqual([searchGroups!.length, mileageGroups!.length]);
    expect(await kept()).toEqual(await counted());
    await database.db.update(vehicles).set({ status: 'sold' }).where(eq(vehicles.id, ids[2]!));
    expect(await kept()).toEqual(await counted());
  });
});

describe('the admin vehicle counts (migration 0041)', () => {
  it('are counted from the index on (status, in_queue), which carries first_look_until', async () => {
    const { db } = database;
    const { sql: statement, params } = adminVehicleCountsQuery(db).toSQL();
    // The planner would scan a small table; told not to, it shows whether the index covers the
    // statement: "Index Only Scan" only when every column it reads is in the index.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return tx.execute(sql.raw(`explain ${inline(statement, params)}`));
    });
    expect(JSON.stringify(plan)).toMatch(/Index Only Scan using vehicles_status_in_queue_idx/);
  });
});

/** A statement with its $n parameters written in (the counts take none but their literals). */
const inline = (statement: string, params: unknown[]) =>
  statement.replace(/\$(\d+)/g, (_, n: string) => `'${String(params[Number(n) - 1]).replaceAll("'", "''")}'`);
