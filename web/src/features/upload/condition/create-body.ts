import type { ConditionReportBody, PhotoKind } from '@contracts/condition-report';
import type { CreateVehicleBody } from '@contracts/upload';
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

/** The create body: the video, what the VIN step knows (the server decodes the rest), photos and report. */
export function vehicleBody(
  state: WizardState,
  photos: { id: number; kind: PhotoKind }[],
  photoIdOf: (key: string) => number | null,
): VehicleCreateBody | null {
  const video = state.video;
  if (!video) return null;
  const year = Number.parseInt(state.year, 10);
  const text = (value: string) => value.trim() || undefined;
  return {
    vin: state.vin,
    videos: [video.url],
    videoThumbnails: video.thumbnailUrl ? [video.thumbnailUrl] : [],
    year: Number.isInteger(year) ? year : undefined,
    make: text(state.make),
    model: text(state.model),
    trim: text(state.trim),
    ...(photos.length ? { photos } : {}),
    ...(isEmptyCondition(state.condition)
      ? {}
      : { conditionReport: conditionReportOf(state.condition, photoIdOf) }),
  };
}
