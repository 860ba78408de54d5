import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { vehicles } from '../../db/schema';

/**
 * The one writer of the `vehicles` row and its one lock. Use cases in `vehicles`, `photos`,
 * `sheets-sync` and the demo seed decide what changes; this leaf writes it, and every write moves
 * `updated_at` (which every instance's list cache and the live stream hear of). A test
 * (module-graph.test.ts) keeps writes to the table out of every other file.
 */
export type VehicleRow = typeof vehicles.$inferSelect;
export type NewVehicleRow = typeof vehicles.$inferInsert;
type Columns = Omit<NewVehicleRow, 'id' | 'createdAt' | 'updatedAt'>;
/** Columns to set: values, or SQL such as now(). */
export type VehicleChange = { [K in keyof Columns]?: Columns[K] | SQL };

/**
 * Every change that depends on a vehicle's state (a sale, an offer, a listing change, a cancel, a
 * photo) takes this lock first, always before any offer or transaction row, so they serialise per
 * car and never deadlock. SELECT … FOR UPDATE, held until the caller's DB transaction ends.
 */
export async function lockVehicle(tx: Transaction, vehicleId: number): Promise<VehicleRow | null> {
  const [vehicle] = await tx.select().from(vehicles).where(eq(vehicles.id, vehicleId)).for('update');
  return vehicle ?? null;
}

/** Changes one vehicle's columns (and its `updated_at`); the row after. */
export async function updateVehicleRow(
  tx: Executor,
  vehicleId: number,
  change: VehicleChange,
): Promise<VehicleRow> {
  const [row] = await tx
    .update(vehicles)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(vehicles.id, vehicleId))
    .returning();
  return row!;
}

/** New vehicle rows (an upload, the sheet's new VINs, the demo); the rows as stored. */
export function insertVehicleRows(tx: Executor, rows: NewVehicleRow[]): Promise<VehicleRow[]> {
  return tx.insert(vehicles).values(rows).returning();
}
