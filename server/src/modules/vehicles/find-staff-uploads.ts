import type { StaffUploadState, StaffUploadsResponse } from '@contracts/staff-uploads';
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vehicles } from '../../db/schema';
import type { Actor } from '../../lib/actor';

type VehicleRow = typeof vehicles.$inferSelect;

/**
 * Who a vehicle records as its uploader for this actor: the lot's shared staff sign-in, or the
 * admin by id (as create-vehicle.ts writes `vehicles.uploaded_by`).
 */
export const uploaderOf = (actor: Actor) => (actor.type === 'admin' ? `admin:${actor.id}` : actor.type);

/**
 * Where an uploaded vehicle stands, in one word per state: in the admin's queue, held for a first
 * look (docs/design.md §13), listed, sold or removed (contracts/vehicle-display.ts says the same of queue
 * and market for the admin's screens).
 */
export function uploadStateOf(
  v: Pick<VehicleRow, 'status' | 'inQueue' | 'firstLookUntil'>,
): StaffUploadState {
  if (v.status === 'sold') return 'sold';
  if (v.status === 'removed') return 'removed';
  if (v.inQueue) return v.firstLookUntil ? 'first-look' : 'queued';
  return 'listed';
}

/** "My uploads": the actor's own uploads, newest first, at most `limit`, and how many in all. */
export async function findStaffUploads(
  db: Database,
  actor: Actor,
  limit: number,
): Promise<StaffUploadsResponse> {
  const mine = eq(vehicles.uploadedBy, uploaderOf(actor));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: vehicles.id,
        vin: vehicles.vin,
        year: vehicles.year,
        make: vehicles.make,
        model: vehicles.model,
        trim: vehicles.trim,
        mileage: vehicles.mileage,
        status: vehicles.status,
        inQueue: vehicles.inQueue,
        firstLookUntil: vehicles.firstLookUntil,
        createdAt: vehicles.createdAt,
      })
      .from(vehicles)
      .where(mine)
      .orderBy(desc(vehicles.createdAt), desc(vehicles.id))
      .limit(limit),
    db.select({ n: count() }).from(vehicles).where(mine),
  ]);
  return {
    uploads: rows.map((row) => ({
      id: row.id,
      vin: row.vin,
      year: row.year,
      make: row.make,
      model: row.model,
      trim: row.trim,
      mileage: row.mileage,
      state: uploadStateOf(row),
      uploadedAt: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
