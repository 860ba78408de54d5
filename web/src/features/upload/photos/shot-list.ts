import { GUIDED_SHOTS, type GuidedShotKind, type PhotoKind } from '@contracts/condition-report';
import { missingRequiredShots, type SkippedShotInput } from '@contracts/required-shots';
import { isRefused } from '@/lib/uploads/file-state';
import type { QueuedPhoto } from '@/lib/uploads/photo-queue';
import type { ShotSkip, WizardState } from '../wizard-state';

/** The wizard's guided shot list over the photo queue (lib/uploads/photo-queue.ts). */
const guidedIndex = new Map<PhotoKind, number>(GUIDED_SHOTS.map((s, i) => [s.kind, i]));

/**
 * The order the vehicle gets: guided shots in the shot list's order (so the front ¾ left is the
 * cover when it was taken), then extras and damage close-ups in the order they were added.
 */
export function vehiclePhotos(items: readonly QueuedPhoto[]): { id: number; kind: PhotoKind }[] {
  const rank = (p: QueuedPhoto) => guidedIndex.get(p.kind) ?? GUIDED_SHOTS.length;
  return items
    .map((p, index) => ({ p, index }))
    .filter(({ p }) => p.status === 'ready' && p.photoId !== null)
    .sort((a, b) => rank(a.p) - rank(b.p) || a.index - b.index)
    .map(({ p }) => ({ id: p.photoId as number, kind: p.kind }));
}

/**
 * The guided shots with a photo: what counts as taken. A photo whose upload failed on the signal
 * (or a server error) is still taken — it is on the phone and goes on the next try; only a photo
 * the server refused must be shot again.
 */
export const takenShots = (items: readonly QueuedPhoto[]): Set<PhotoKind> =>
  new Set(items.filter((p) => !isRefused(p)).map((p) => p.kind));

/** The first guided shot neither taken (takenShots) nor skipped; null when all are done. */
export function nextGuidedShot(
  items: readonly QueuedPhoto[],
  skipped: readonly GuidedShotKind[],
): GuidedShotKind | null {
  const taken = takenShots(items);
  return GUIDED_SHOTS.find((s) => !taken.has(s.kind) && !skipped.includes(s.kind))?.kind ?? null;
}

/**
 * The required shots the photos step still waits for: neither taken nor skipped with a reason
 * (a shot skipped before it became required needs its reason too), in shot-list order.
 */
export const shotsStillRequired = (
  items: readonly QueuedPhoto[],
  required: readonly GuidedShotKind[],
  skips: readonly ShotSkip[],
): GuidedShotKind[] =>
  missingRequiredShots(
    required,
    takenShots(items),
    skips.map((s) => s.kind),
  );

/** Records a skip: the kind for the shot list, and its reason when one was asked for. */
export function withSkip(
  state: Pick<WizardState, 'skippedShots' | 'shotSkips'>,
  kind: GuidedShotKind,
  reason: Omit<ShotSkip, 'kind'> | null,
): Pick<WizardState, 'skippedShots' | 'shotSkips'> {
  return {
    skippedShots: [...state.skippedShots.filter((k) => k !== kind), kind],
    shotSkips: reason
      ? [...state.shotSkips.filter((s) => s.kind !== kind), { kind, ...reason }]
      : state.shotSkips,
  };
}

/**
 * The skipped list the create body carries: each shot skipped with a reason and not taken after
 * all ('Other' with its note).
 */
export function skippedShotsOf(
  skips: readonly ShotSkip[],
  photos: readonly { kind: PhotoKind }[],
): SkippedShotInput[] {
  const photographed = new Set(photos.map((p) => p.kind));
  return skips
    .filter((skip) => !photographed.has(skip.kind))
    .map((skip) => ({
      kind: skip.kind,
      reason: skip.reason,
      ...(skip.reason === 'other' ? { note: skip.note.trim() } : {}),
    }));
}
