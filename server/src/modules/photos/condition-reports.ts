import { ADMIN_TEXT } from '@contracts/admin';
import { type ConditionReport, type ConditionReportBody, computeGrade } from '@contracts/condition-report';
import { PHOTO_TEXT } from '@contracts/photos';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { vehicles } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { badRequest, notFound } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import { writeAudit } from '../audit/write-audit';
import { updateVehicleRow } from '../vehicle-rows/vehicle-rows';
import { photosByVehicle, toConditionReport } from './photo-views';
import { lockVehicleRow, photoIdsOf } from './vehicle-photo-rows';

/**
 * Writes a report's damage items, tires and warning lights, and the grade computed from them (one
 * write, so the stored grade never disagrees). A damage photo must be one of the vehicle's.
 */
export async function writeConditionReport(tx: Executor, vehicleId: number, report: ConditionReportBody) {
  const photoIds = new Set((await photoIdsOf(tx, vehicleId)).map((p) => p.id));
  if (report.damage.some((d) => d.photoId !== null && !photoIds.has(d.photoId)))
    throw badRequest(PHOTO_TEXT.damagePhotoUnknown);
  const { grade } = computeGrade(report);
  await updateVehicleRow(tx, vehicleId, {
    damage: report.damage,
    tires: report.tires,
    warningLights: report.warningLights,
    conditionReportedAt: sql`now()`,
    grade: grade.toFixed(1),
  });
  return grade;
}

/** The vehicle's whole condition report as it is now. */
export async function conditionReportOf(db: Executor, vehicleId: number): Promise<ConditionReport> {
  const [row] = await db.select().from(vehicles).where(eq(vehicles.id, vehicleId));
  if (!row) throw notFound(ADMIN_TEXT.vehicleNotFound);
  return toConditionReport(row, (await photosByVehicle(db, [vehicleId])).get(vehicleId) ?? []);
}

/** PUT /api/vehicles/:id/condition-report (admin). */
export function updateConditionReport(
  db: Database,
  vehicleId: number,
  body: ConditionReportBody,
  actor: Actor,
) {
  return withRetries(() =>
    db.transaction(async (tx) => {
      const vehicle = await lockVehicleRow(tx, vehicleId);
      const grade = await writeConditionReport(tx, vehicleId, body);
      await writeAudit(tx, actor, {
        entity: 'vehicle',
        entityId: vehicleId,
        action: 'condition_report_updated',
        before: {
          damage: vehicle.damage,
          tires: vehicle.tires,
          warningLights: vehicle.warningLights,
          grade: vehicle.grade,
        },
        after: { ...body, grade: grade.toFixed(1) },
      });
      return conditionReportOf(tx, vehicleId);
    }),
  );
}
