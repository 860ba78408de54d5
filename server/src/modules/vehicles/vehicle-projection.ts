import type { VehicleStatus } from '@contracts/limits';
import type { AdminVehicle, PublicVehicle, UnavailableVehicle } from '@contracts/vehicle';
import { and, eq } from 'drizzle-orm';
import { vehicles } from '../../db/schema';

export type VehicleRow = typeof vehicles.$inferSelect;

/** The columns the public may see (DESIGN.md §2); internal fields never leave the server for them. */
export const publicVehicleColumns = {
  id: vehicles.id,
  vin: vehicles.vin,
  make: vehicles.make,
  model: vehicles.model,
  trim: vehicles.trim,
  year: vehicles.year,
  mileage: vehicles.mileage,
  price: vehicles.price,
  description: vehicles.description,
  condition: vehicles.condition,
  images: vehicles.images,
  videos: vehicles.videos,
  videoThumbnails: vehicles.videoThumbnails,
  status: vehicles.status,
  reconExterior: vehicles.reconExterior,
  reconMechanical: vehicles.reconMechanical,
  reconInterior: vehicles.reconInterior,
  createdAt: vehicles.createdAt,
};

type PublicRow = Pick<VehicleRow, keyof typeof publicVehicleColumns>;

/** Published = visible to the public: active and out of the queue (spec §4). */
export const isPublishedCondition = and(eq(vehicles.status, 'active'), eq(vehicles.inQueue, false));
export const isPublished = (row: Pick<VehicleRow, 'status' | 'inQueue'>) =>
  row.status === 'active' && !row.inQueue;

export const toPublicVehicle = (row: PublicRow): PublicVehicle => ({
  id: row.id,
  vin: row.vin,
  make: row.make,
  model: row.model,
  trim: row.trim,
  year: row.year,
  mileage: row.mileage,
  price: row.price,
  description: row.description,
  condition: row.condition,
  images: row.images,
  videos: row.videos,
  videoThumbnails: row.videoThumbnails,
  status: row.status as VehicleStatus,
  reconExterior: row.reconExterior,
  reconMechanical: row.reconMechanical,
  reconInterior: row.reconInterior,
  createdAt: row.createdAt.toISOString(),
});

export const toAdminVehicle = (row: VehicleRow): AdminVehicle => ({
  ...toPublicVehicle(row),
  inQueue: row.inQueue,
  billOfSale: row.billOfSale,
  isPaid: row.isPaid,
  updatedAt: row.updatedAt.toISOString(),
});

export const toUnavailableVehicle = (row: Pick<VehicleRow, 'id' | 'status'>): UnavailableVehicle => ({
  id: row.id,
  status: row.status as UnavailableVehicle['status'],
});
