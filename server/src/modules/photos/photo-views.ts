import {
  type ConditionReport,
  computeGrade,
  type DamageItem,
  PHOTO_FORMATS,
  PHOTO_WIDTHS,
  type Photo,
  type PhotoKind,
  type Tires,
} from '@contracts/condition-report';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { vehiclePhotos } from '../../db/schema';

export type PhotoRow = typeof vehiclePhotos.$inferSelect;

/** Where a photo's variants are served: /media/photos/<storage key>/<width>.<avif|webp|jpeg>. */
export const PHOTO_MEDIA_PREFIX = '/media/photos';
/** The largest width a fallback `src` uses. */
const SRC_WIDTH = 1280;

/**
 * The widths stored for an image `width` pixels wide: each of PHOTO_WIDTHS under it, plus the image's
 * own width when it is narrower than the largest (never upscaled). 1000 → 320, 640, 1000.
 */
export function variantWidths(width: number): number[] {
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  const under = PHOTO_WIDTHS.filter((w) => w < width);
  return [...under, Math.min(width, largest)];
}

export function toPhoto(
  row: Pick<PhotoRow, 'id' | 'kind' | 'width' | 'height' | 'placeholder' | 'storageKey'>,
): Photo {
  const widths = variantWidths(row.width);
  const base = `${PHOTO_MEDIA_PREFIX}/${row.storageKey}`;
  const srcset = Object.fromEntries(
    PHOTO_FORMATS.map((format) => [format, widths.map((w) => `${base}/${w}.${format} ${w}w`).join(', ')]),
  ) as Photo['srcset'];
  const srcWidth = widths.filter((w) => w <= SRC_WIDTH).at(-1) ?? widths[0]!;
  return {
    id: row.id,
    kind: row.kind as PhotoKind,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    src: `${base}/${srcWidth}.jpeg`,
    srcset,
  };
}

/** The report columns of a vehicle row. */
export interface ReportColumns {
  damage: DamageItem[];
  tires: Tires;
  warningLights: string[];
  conditionReportedAt: Date | null;
}

/** A vehicle's condition report as pages show it: the grade and its deductions are computed here. */
export function toConditionReport(row: ReportColumns, photos: Photo[]): ConditionReport {
  const reported = row.conditionReportedAt !== null;
  const grade = reported ? computeGrade(row) : null;
  return {
    photos,
    damage: row.damage,
    tires: row.tires,
    warningLights: row.warningLights,
    grade: grade?.grade ?? null,
    gradeDeductions: grade?.deductions ?? [],
  };
}

/**
 * The photos of each vehicle, in order (cover first). The ids travel as one text parameter (as
 * car-visibility.ts does): an `in (…)` of one parameter per id cost the query builder ~0.5 ms for a
 * page of 50 (a fifth of a search's own time, issue #46), and the whole list needed chunks of 5,000.
 */
export async function photosByVehicle(db: Executor, vehicleIds: number[]): Promise<Map<number, Photo[]>> {
  const byVehicle = new Map<number, Photo[]>();
  if (vehicleIds.length === 0) return byVehicle;
  const rows: PhotoRow[] = await db
    .select()
    .from(vehiclePhotos)
    .where(sql`${vehiclePhotos.vehicleId} = any(string_to_array(${vehicleIds.join(',')}, ',')::int[])`)
    .orderBy(asc(vehiclePhotos.vehicleId), asc(vehiclePhotos.position), asc(vehiclePhotos.id));
  for (const row of rows) {
    const list = byVehicle.get(row.vehicleId!) ?? [];
    list.push(toPhoto(row));
    byVehicle.set(row.vehicleId!, list);
  }
  return byVehicle;
}

/** The car a stored photo shows (its listing's), by the photo's storage key: [] for a photo of no car. */
export async function vehicleOfPhoto(db: Executor, storageKey: string): Promise<number[]> {
  const rows = await db
    .select({ vehicleId: vehiclePhotos.vehicleId })
    .from(vehiclePhotos)
    .where(and(eq(vehiclePhotos.storageKey, storageKey), isNotNull(vehiclePhotos.vehicleId)));
  return rows.map((row) => row.vehicleId!);
}
