import { MAX_PHOTOS, type PhotoKind, photoKindSchema } from '@contracts/condition-report';
import type { FileState, FileTotals } from '@/lib/uploads/file-state';
import { z } from '@/lib/zod';

/**
 * The photo queue as plain data: what the upload wizard and a dealer's claim show and what to
 * start next. Each photo is a file on its way (file-state.ts: its status, bytes and error move only
 * by that module's transitions); the hook (use-photo-uploads.ts) does the I/O. Everything here is
 * pure so it is tested without a browser.
 */
export interface QueuedPhoto extends FileState {
  /** Local key, stable for the life of the item. */
  key: string;
  kind: PhotoKind;
  name: string;
  /** The stored photo's id once the server has processed it. */
  photoId: number | null;
  /** A local object URL in this page, the server's smallest JPEG after a reload. */
  thumbnail: string | null;
  /** The server's smallest JPEG variant, kept so the wizard can show it after a reload. */
  serverThumbnail: string | null;
}

/** An uploaded photo: its id for the request that attaches it, and enough to show it again. */
export const storedPhotoSchema = z.object({
  key: z.string().max(40),
  id: z.number().int().positive(),
  kind: photoKindSchema,
  name: z.string().max(300),
  thumbnail: z.string().max(2000).nullable(),
});
export type StoredPhoto = z.infer<typeof storedPhotoSchema>;

/** Uploads at once: enough to keep a phone's uplink busy, few enough that each one progresses. */
export const PHOTO_CONCURRENCY = 3;

/** The queued photos to start now so that at most `limit` are sending, oldest first. */
export function photosToStart(items: readonly QueuedPhoto[], limit: number = PHOTO_CONCURRENCY): string[] {
  const sending = items.filter((p) => p.status === 'uploading').length;
  const free = Math.max(0, limit - sending);
  return items
    .filter((p) => p.status === 'queued')
    .slice(0, free)
    .map((p) => p.key);
}

/** How many more photos may be added (`max`, failed ones included until removed). */
export const photosLeft = (items: readonly QueuedPhoto[], max: number = MAX_PHOTOS) =>
  Math.max(0, max - items.length);

/** "12 of 40 photos uploaded · 2 failed" */
export function totalsLabel(t: FileTotals): string {
  const base = `${t.ready} of ${t.count} photo${t.count === 1 ? '' : 's'} uploaded`;
  return t.failed > 0 ? `${base} · ${t.failed} failed` : base;
}

/** The first (smallest) URL of a srcset string: "/a/320.jpeg 320w, /a/640.jpeg 640w" → "/a/320.jpeg". */
export function smallestOf(srcset: string, fallback: string): string {
  return srcset.split(',')[0]?.trim().split(/\s+/)[0] || fallback;
}
