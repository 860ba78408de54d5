import { GUIDED_SHOTS, type GuidedShotKind, type PhotoKind } from '@contracts/condition-report';
import type { QueuedPhoto } from '@/lib/photo-queue';

/** The wizard's guided shot list over the photo queue (lib/photo-queue.ts). */
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

/** The first guided shot neither taken (in any state but failed) nor skipped; null when all are done. */
export function nextGuidedShot(
  items: readonly QueuedPhoto[],
  skipped: readonly GuidedShotKind[],
): GuidedShotKind | null {
  const taken = new Set(items.filter((p) => p.status !== 'failed').map((p) => p.kind));
  return GUIDED_SHOTS.find((s) => !taken.has(s.kind) && !skipped.includes(s.kind))?.kind ?? null;
}
