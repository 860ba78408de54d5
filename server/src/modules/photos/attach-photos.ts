import { MAX_PHOTOS } from '@contracts/condition-report';
import { ERROR_CODES } from '@contracts/errors';
import { PHOTO_TEXT, type PhotoRef } from '@contracts/photos';
import { and, asc, eq, inArray, isNull, notLike } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { vehiclePhotos } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import { writeAudit } from '../audit/write-audit';
import { updateVehicleRow } from '../vehicle-rows/vehicle-rows';
import { conditionReportOf } from './condition-reports';
import { lockVehicleRow, photoIdsOf } from './vehicle-photo-rows';

/**
 * Attaches uploaded, still unattached photos to a vehicle, after its own (the caller holds the
 * vehicle's lock). At most MAX_PHOTOS in all; a photo already attached anywhere is refused.
 */
export async function attachPhotosTo(tx: Executor, vehicleId: number, refs: readonly PhotoRef[]) {
  if (refs.length === 0) return;
  const existing = await photoIdsOf(tx, vehicleId);
  if (existing.length + refs.length > MAX_PHOTOS)
    throw new AppError(ERROR_CODES.conflict, PHOTO_TEXT.tooMany);
  if (new Set(refs.map((r) => r.id)).size !== refs.length) throw badRequest(PHOTO_TEXT.duplicatePhoto);
  const free = await tx
    .select({ id: vehiclePhotos.id })
    .from(vehiclePhotos)
    .where(
      and(
        inArray(
          vehiclePhotos.id,
          refs.map((r) => r.id),
        ),
        isNull(vehiclePhotos.vehicleId),
        // A dealer's upload is evidence for a claim, never a listing photo.
        notLike(vehiclePhotos.uploadedBy, 'dealer:%'),
      ),
    )
    .for('update');
  if (free.length !== refs.length) throw badRequest(PHOTO_TEXT.unknownPhoto);
  let position = existing.reduce((max, p) => Math.max(max, p.position + 1), 0);
  for (const ref of refs) {
    await tx
      .update(vehiclePhotos)
      .set({ vehicleId, kind: ref.kind, position: position++ })
      .where(and(eq(vehiclePhotos.id, ref.id), isNull(vehiclePhotos.vehicleId)));
  }
}

/**
 * After a change to a vehicle's photos: its updated_at moves too (so every instance's list cache
 * hears of it), the audit row, and the condition report as it now stands.
 */
async function photosChanged(
  tx: Executor,
  vehicleId: number,
  actor: Actor,
  entry: { action: string; before?: unknown; after: unknown },
) {
  await updateVehicleRow(tx, vehicleId, {});
  await writeAudit(tx, actor, { entity: 'vehicle', entityId: vehicleId, ...entry });
  return conditionReportOf(tx, vehicleId);
}

/** POST /api/vehicles/:id/photos (admin). */
export function addPhotos(db: Database, vehicleId: number, refs: PhotoRef[], actor: Actor) {
  return withRetries(() =>
    db.transaction(async (tx) => {
      await lockVehicleRow(tx, vehicleId);
      await attachPhotosTo(tx, vehicleId, refs);
      return photosChanged(tx, vehicleId, actor, { action: 'photos_added', after: { photos: refs } });
    }),
  );
}

/** PUT /api/vehicles/:id/photos (admin): every photo once, in the new order (first = cover), with kinds. */
export function reorderPhotos(db: Database, vehicleId: number, refs: PhotoRef[], actor: Actor) {
  return withRetries(() =>
    db.transaction(async (tx) => {
      await lockVehicleRow(tx, vehicleId);
      const before = await tx
        .select({ id: vehiclePhotos.id, kind: vehiclePhotos.kind })
        .from(vehiclePhotos)
        .where(eq(vehiclePhotos.vehicleId, vehicleId))
        .orderBy(asc(vehiclePhotos.position), asc(vehiclePhotos.id));
      const ids = new Set(before.map((p) => p.id));
      if (refs.length !== ids.size || refs.some((r) => !ids.has(r.id)))
        throw badRequest(PHOTO_TEXT.orderMismatch);
      for (const [position, ref] of refs.entries()) {
        await tx
          .update(vehiclePhotos)
          .set({ position, kind: ref.kind })
          .where(and(eq(vehiclePhotos.id, ref.id), eq(vehiclePhotos.vehicleId, vehicleId)));
      }
      return photosChanged(tx, vehicleId, actor, {
        action: 'photos_reordered',
        before: { photos: before },
        after: { photos: refs },
      });
    }),
  );
}

/**
 * DELETE /api/vehicles/:id/photos/:photoId (admin). Damage items showing it keep their entry without
 * a photo (and the grade, which does not depend on photos, is unchanged). Returns the report and the
 * storage key whose files the caller removes once the change is committed.
 */
export function deletePhoto(db: Database, vehicleId: number, photoId: number, actor: Actor) {
  return withRetries(() =>
    db.transaction(async (tx) => {
      const vehicle = await lockVehicleRow(tx, vehicleId);
      const [deleted] = await tx
        .delete(vehiclePhotos)
        .where(and(eq(vehiclePhotos.id, photoId), eq(vehiclePhotos.vehicleId, vehicleId)))
        .returning();
      if (!deleted) throw notFound(PHOTO_TEXT.photoNotFound);
      const remaining = await photoIdsOf(tx, vehicleId);
      for (const [position, photo] of remaining.entries())
        if (photo.position !== position)
          await tx.update(vehiclePhotos).set({ position }).where(eq(vehiclePhotos.id, photo.id));
      const damage = vehicle.damage.map((d) => (d.photoId === photoId ? { ...d, photoId: null } : d));
      await updateVehicleRow(tx, vehicleId, { damage });
      await writeAudit(tx, actor, {
        entity: 'vehicle',
        entityId: vehicleId,
        action: 'photo_deleted',
        before: { photoId, kind: deleted.kind, position: deleted.position },
      });
      return { report: await conditionReportOf(tx, vehicleId), storageKey: deleted.storageKey };
    }),
  );
}
