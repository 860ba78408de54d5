import type { ConditionReportBody, PhotoKind } from '@contracts/condition-report';
import type { CreateVehicleBody } from '@contracts/upload';
import { skippedShotsOf } from '../photos/shot-list';
import { mileageOf } from '../vin/vin-form';
import type { ConditionDraft, WizardState } from '../wizard-state';

/** The condition report as the server takes it: damage photos as ids, notes trimmed (blank = none). */
export function conditionReportOf(
  draft: ConditionDraft,
  photoIdOf: (key: string) => number | null,
): ConditionReportBody {
  return {
    damage: draft.damage.map((item) => ({
      panel: item.panel,
      type: item.type,
      size: item.size,
      photoId: item.photoKey ? photoIdOf(item.photoKey) : null,
      note: item.note.trim() || null,
    })),
    tires: draft.tires,
    warningLights: draft.warningLights,
  };
}

export type VehicleCreateBody = CreateVehicleBody;

/** Nothing entered at all: no report is sent, so the vehicle shows no grade rather than a 5.0 nobody gave. */
export const isEmptyCondition = (draft: ConditionDraft) =>
  draft.damage.length === 0 &&
  draft.warningLights.length === 0 &&
  Object.values(draft.tires).every((depth) => depth === null);

/**
 * The create body: the video, what the VIN step knows (the server decodes the rest; the mileage if
 * typed; why a VIN with a wrong check digit is right), photos and report, and the required shots
 * skipped with their reasons and the required list they were judged by (issue #34; a draft from
 * before that list existed sends neither, and is not judged on shots).
 */
export function vehicleBody(
  state: WizardState,
  photos: { id: number; kind: PhotoKind }[],
  photoIdOf: (key: string) => number | null,
): VehicleCreateBody | null {
  const video = state.video;
  if (!video) return null;
  const year = Number.parseInt(state.year, 10);
  const text = (value: string) => value.trim() || undefined;
  // The VIN step lets only a blank or valid mileage through.
  const mileage = mileageOf(state.mileage);
  return {
    vin: state.vin,
    videos: [video.url],
    videoThumbnails: video.thumbnailUrl ? [video.thumbnailUrl] : [],
    year: Number.isInteger(year) ? year : undefined,
    make: text(state.make),
    model: text(state.model),
    trim: text(state.trim),
    ...(mileage === null ? {} : { mileage }),
    ...(state.vinOverride ? { vinCheckDigitOverride: state.vinOverride } : {}),
    ...(photos.length ? { photos } : {}),
    ...(isEmptyCondition(state.condition)
      ? {}
      : { conditionReport: conditionReportOf(state.condition, photoIdOf) }),
    ...(state.requiredShots
      ? { skippedShots: skippedShotsOf(state.shotSkips, photos), requiredShots: state.requiredShots }
      : {}),
  };
}
