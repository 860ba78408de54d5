import { ADMIN_TEXT } from '@contracts/admin';
import { asc, eq } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { vehiclePhotos } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { lockVehicle } from '../vehicle-rows/vehicle-rows';

/** The vehicle row, locked for the rest of the transaction (the one vehicle lock). */
export async function lockVehicleRow(tx: Transaction, vehicleId: number) {
  const vehicle = await lockVehicle(tx, vehicleId);
  if (!vehicle) throw notFound(ADMIN_TEXT.vehicleNotFound);
  return vehicle;
}

export async function photoIdsOf(db: Executor, vehicleId: number) {
  const rows = await db
    .select({ id: vehiclePhotos.id, position: vehiclePhotos.position })
    .from(vehiclePhotos)
    .where(eq(vehiclePhotos.vehicleId, vehicleId))
    .orderBy(asc(vehiclePhotos.position), asc(vehiclePhotos.id));
  return rows;
}
