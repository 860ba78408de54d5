import type { Photo } from '@contracts/condition-report';
import type { VehicleStatus } from '@contracts/statuses';
import type {
  AdminVehicle,
  PublicVehicle,
  PublicVehicleDetail,
  UnavailableVehicle,
} from '@contracts/vehicle';
import type { Executor } from '../../db/client';
import { vehicles } from '../../db/schema';
import { onSaleToEveryoneSql } from '../car-visibility/car-visibility';
import { photosByVehicle, toConditionReport } from '../photos/photo-views';

export type VehicleRow = typeof vehicles.$inferSelect;

/** The columns the public may see (docs/design.md §2); internal fields never leave the server for them. */
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
  damage: vehicles.damage,
  tires: vehicles.tires,
  warningLights: vehicles.warningLights,
  conditionReportedAt: vehicles.conditionReportedAt,
};

type PublicRow = Pick<VehicleRow, keyof typeof publicVehicleColumns>;

/**
 * Published = visible to the public: active and out of the queue (docs/product.md §4). The public list and
 * search read it: the cars whose sight is `listing` for everyone (car-visibility.ts, the one rule).
 */
export const isPublishedCondition = onSaleToEveryoneSql();
export const isPublished = (row: Pick<VehicleRow, 'status' | 'inQueue'>) =>
  row.status === 'active' && !row.inQueue;

/** A published vehicle's page: every photo (cover first) and the whole condition report. */
export const toPublicVehicleDetail = (row: PublicRow, photos: Photo[]): PublicVehicleDetail => ({
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
  ...toConditionReport(row, photos),
});

/** The list's item: the page's fields without the report's detail, and only the cover photo. */
export const toPublicListItem = (detail: PublicVehicleDetail): PublicVehicle => {
  const {
    damage: _damage,
    tires: _tires,
    warningLights: _warningLights,
    gradeDeductions: _gradeDeductions,
    photos,
    ...rest
  } = detail;
  return { ...rest, photos: photos.slice(0, 1) };
};

export const toAdminVehicle = (row: VehicleRow, photos: Photo[]): AdminVehicle => ({
  ...toPublicVehicleDetail(row, photos),
  inQueue: row.inQueue,
  billOfSale: row.billOfSale,
  isPaid: row.isPaid,
  updatedAt: row.updatedAt.toISOString(),
  firstLookUntil: row.firstLookUntil?.toISOString() ?? null,
  locationZip: row.locationZip,
  inoperable: row.inoperable,
  skippedShots: row.skippedShots,
});

/** toAdminVehicle with the vehicle's photos read (in the caller's transaction when given one). */
export async function adminVehicleView(db: Executor, row: VehicleRow): Promise<AdminVehicle> {
  const photos = (await photosByVehicle(db, [row.id])).get(row.id) ?? [];
  return toAdminVehicle(row, photos);
}

export const toUnavailableVehicle = (row: Pick<VehicleRow, 'id' | 'status'>): UnavailableVehicle => ({
  id: row.id,
  status: row.status as UnavailableVehicle['status'],
});
