import type { ConditionReportBody, GuidedShotKind } from '@contracts/condition-report';
import { ERROR_CODES } from '@contracts/errors';
import type { PhotoRef } from '@contracts/photos';
import type { RecordedSkip } from '@contracts/required-shots';
import { UPLOAD_TEXT } from '@contracts/upload';
import { hasValidVinCheckDigit, type VinCheckDigitOverride } from '@contracts/vin';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vehicles } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { claimIdempotencyKey, type IdempotentRequest } from '../../lib/idempotency';
import { writeAudit } from '../audit/write-audit';
import { attachPhotosTo } from '../photos/attach-photos';
import { writeConditionReport } from '../photos/condition-reports';
import { insertVehicleRows } from '../vehicle-rows/vehicle-rows';
import type { VinDecoder } from '../vin/decode-vin';
import { findRequiredShots, judgeShots } from './required-shots';
import { adminVehicleView, type toAdminVehicle, type VehicleRow } from './vehicle-projection';

export interface NewVehicle {
  vin: string;
  videos: string[];
  videoThumbnails: string[];
  year?: number | null | undefined;
  make?: string | null | undefined;
  model?: string | null | undefined;
  trim?: string | null | undefined;
  /** Uploaded photos, ordered (first = cover), attached to the new vehicle. */
  photos?: PhotoRef[] | undefined;
  conditionReport?: ConditionReportBody | undefined;
  /** The odometer reading typed in the wizard. */
  mileage?: number | null | undefined;
  /**
   * Why a VIN whose check digit does not match was accepted (the body schema refuses it without
   * one); kept in the upload's audit entry.
   */
  vinCheckDigitOverride?: VinCheckDigitOverride | null | undefined;
  /**
   * Required shots skipped, with why (issue #34); undefined = a caller that does not judge shots
   * (an older client, a script): nothing is required of it.
   */
  skippedShots?: RecordedSkip[] | undefined;
  /** The required list the wizard judged the car against (maybe an older one, offline). */
  requiredShots?: GuidedShotKind[] | undefined;
}

/**
 * A staff upload: the vehicle enters the queue, pending (docs/product.md §4). Missing details are decoded from
 * the VIN here. With an Idempotency-Key a retried request answers the first vehicle again, so a
 * dropped connection never makes two (docs/design.md §4).
 */
export async function createVehicle(
  db: Database,
  input: NewVehicle,
  deps: { decoder: VinDecoder; isKnownVideo: (url: string) => Promise<boolean> },
  actor: Actor,
  idempotency?: IdempotentRequest,
) {
  // The body schema says the same; kept here so no caller skips it.
  if (!input.vinCheckDigitOverride && !hasValidVinCheckDigit(input.vin))
    throw new AppError(ERROR_CODES.badRequest, UPLOAD_TEXT.checkDigitRefused);
  for (const url of [...input.videos, ...input.videoThumbnails]) {
    if (!(await deps.isKnownVideo(url)))
      throw new AppError(ERROR_CODES.badRequest, 'Upload the video before creating the vehicle');
  }
  const needsDecode = !input.make && !input.model && !input.year;
  const decoded = needsDecode ? await deps.decoder.decode(input.vin) : null;
  return db.transaction(async (tx) => {
    const claim = idempotency
      ? await claimIdempotencyKey<ReturnType<typeof toAdminVehicle>>(tx, 'create-vehicle', idempotency)
      : null;
    if (claim?.replay) return claim.replay;
    const [existing] = await tx.select().from(vehicles).where(eq(vehicles.vin, input.vin));
    if (existing) throw duplicateVin(existing);
    const skippedShots = judgeShots((await findRequiredShots(tx)).required, {
      photographed: (input.photos ?? []).map((p) => p.kind),
      skipped: input.skippedShots,
      requiredAtCapture: input.requiredShots,
    });
    const [created] = await insertVehicleRows(tx, [
      {
        vin: input.vin,
        videos: input.videos,
        videoThumbnails: input.videoThumbnails,
        year: input.year ?? decoded?.year ?? null,
        make: input.make || decoded?.make || null,
        model: input.model || decoded?.model || null,
        trim: input.trim || decoded?.trim || null,
        mileage: input.mileage ?? null,
        skippedShots,
        status: 'pending',
        inQueue: true,
        // Insights by uploader (docs/design.md §16): the lot's shared staff sign-in or the admin.
        uploadedBy: actor.type === 'admin' ? `admin:${actor.id}` : actor.type,
      },
    ]);
    await attachPhotosTo(tx, created!.id, input.photos ?? []);
    if (input.conditionReport) await writeConditionReport(tx, created!.id, input.conditionReport);
    await writeAudit(tx, actor, {
      entity: 'vehicle',
      entityId: created!.id,
      action: 'uploaded',
      after: {
        vin: input.vin,
        ...(input.mileage != null ? { mileage: input.mileage } : {}),
        ...(input.vinCheckDigitOverride ? { vinCheckDigitOverride: input.vinCheckDigitOverride } : {}),
        ...(input.photos?.length ? { photos: input.photos } : {}),
        ...(input.conditionReport ? { conditionReport: input.conditionReport } : {}),
        ...(skippedShots.length ? { skippedShots } : {}),
      },
    });
    const [row] = await tx.select().from(vehicles).where(eq(vehicles.id, created!.id));
    const view = await adminVehicleView(tx, row!);
    await claim?.remember(view);
    return view;
  });
}

function duplicateVin(existing: VehicleRow) {
  return new AppError(
    ERROR_CODES.conflict,
    existing.inQueue
      ? `This VIN is already in the review queue (vehicle #${existing.id})`
      : `A vehicle with this VIN already exists (vehicle #${existing.id}, ${existing.status})`,
  );
}
