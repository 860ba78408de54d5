import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { vehicles } from '../../db/schema';

/**
 * Every change that depends on a vehicle's state (a sale, an offer, a listing change, a cancel)
 * takes this lock first, always before any offer or transaction row, so they serialise per car and
 * never deadlock. SELECT … FOR UPDATE, held until the caller's DB transaction ends.
 */
export async function lockVehicle(tx: Transaction, vehicleId: number) {
  const [vehicle] = await tx.select().from(vehicles).where(eq(vehicles.id, vehicleId)).for('update');
  return vehicle ?? null;
}
