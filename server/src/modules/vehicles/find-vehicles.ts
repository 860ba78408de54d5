import type { AdminListing } from '@contracts/listings';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealers, transactions, vehicles } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { photosByVehicle } from '../photos/photo-views';
import { heldVehicleFor } from './first-look';
import {
  isPublished,
  isPublishedCondition,
  publicVehicleColumns,
  toAdminVehicle,
  toPublicVehicleDetail,
  toUnavailableVehicle,
} from './vehicle-projection';

/**
 * The public marketplace: published vehicles, newest first, public fields only, each with its
 * photos and condition report (the list cache keeps the cover for the list, the rest for pages).
 */
export async function findPublishedVehicles(db: Database) {
  const rows = await db
    .select(publicVehicleColumns)
    .from(vehicles)
    .where(isPublishedCondition)
    .orderBy(desc(vehicles.id));
  const photos = await photosByVehicle(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toPublicVehicleDetail(row, photos.get(row.id) ?? []));
}

/** Every vehicle with every field, for admins, with the buying dealer of sold ones. */
export async function findAllVehicles(db: Database): Promise<AdminListing[]> {
  const rows = await db
    .select({
      vehicle: vehicles,
      sale: {
        transactionId: transactions.id,
        dealerId: dealers.id,
        dealerName: dealers.dealerName,
        amount: transactions.amount,
      },
    })
    .from(vehicles)
    .leftJoin(transactions, and(eq(transactions.vehicleId, vehicles.id), eq(transactions.cancelled, false)))
    .leftJoin(dealers, eq(dealers.id, transactions.dealerId))
    .orderBy(desc(vehicles.id));
  const photos = await photosByVehicle(
    db,
    rows.map((r) => r.vehicle.id),
  );
  return rows.map(({ vehicle, sale }) => ({
    ...toAdminVehicle(vehicle, photos.get(vehicle.id) ?? []),
    sale:
      sale &&
      sale.transactionId !== null &&
      sale.dealerId !== null &&
      sale.dealerName !== null &&
      sale.amount !== null
        ? {
            transactionId: sale.transactionId,
            dealerId: sale.dealerId,
            dealerName: sale.dealerName,
            amount: sale.amount,
          }
        : null,
  }));
}

export const VEHICLE_NOT_FOUND = 'Vehicle not found';

/**
 * One vehicle as the viewer may see it: admins see everything; the public sees a published
 * vehicle, `{id, status}` for a sold or removed one, and nothing of a queued one — nor of one held
 * for a first look, which only the dealerships it is held for see (with the hold's end).
 */
export async function getVehicleById(
  db: Database,
  id: number,
  viewer: { isAdmin: boolean; dealerId?: number | undefined },
) {
  const [row] = await db.select().from(vehicles).where(eq(vehicles.id, id));
  if (!row) throw notFound(VEHICLE_NOT_FOUND);
  const photos = async () => (await photosByVehicle(db, [row.id])).get(row.id) ?? [];
  if (viewer.isAdmin) return toAdminVehicle(row, await photos());
  if (isPublished(row)) return toPublicVehicleDetail(row, await photos());
  const held = await heldVehicleFor(db, row, viewer.dealerId);
  if (held) return held;
  if (row.status === 'sold' || row.status === 'removed') return toUnavailableVehicle(row);
  throw notFound(VEHICLE_NOT_FOUND);
}
