import type { AdminListing } from '@contracts/listings';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealers, transactions, vehicles } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { carSight, readCarFacts } from '../car-visibility/car-visibility';
import { photosByVehicle } from '../photos/photo-views';
import {
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
 * One vehicle as the caller may see it (the one visibility rule, car-visibility.ts): admins see
 * everything; a published car its page; one held for a first look its page with the hold's end, for
 * the dealerships it is held for; a sold or removed one `{id, status}`; and a car one may not see
 * (queued, held for others) answers exactly as an id that does not exist.
 */
export async function getVehicleById(db: Database, id: number, actor: Actor) {
  const [row] = await db.select().from(vehicles).where(eq(vehicles.id, id));
  const sight = carSight(actor, row && (await readCarFacts(db, [id])).get(id));
  if (!row || sight === 'none') throw notFound(VEHICLE_NOT_FOUND);
  if (sight === 'status' || sight === 'past') return toUnavailableVehicle(row);
  const photos = (await photosByVehicle(db, [row.id])).get(row.id) ?? [];
  if (sight === 'all') return toAdminVehicle(row, photos);
  const detail = toPublicVehicleDetail(row, photos);
  return sight === 'first-look' ? { ...detail, firstLookUntil: row.firstLookUntil!.toISOString() } : detail;
}
