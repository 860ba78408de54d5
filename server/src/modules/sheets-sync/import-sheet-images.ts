import { createHash } from 'node:crypto';
import type { BlockList } from 'node:net';
import { MAX_PHOTOS } from '@contracts/condition-report';
import { MAX_PHOTO_BYTES, PHOTO_TEXT } from '@contracts/photos';
import type { SyncImageFailure, SyncImages } from '@contracts/sheets-sync';
import { count, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { vehiclePhotos } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { addPhotos } from '../photos/attach-photos';
import { PhotoRefused } from '../photos/photo-pipeline';
import type { PhotoStore } from '../photos/photo-store';
import { fetchImage, ImageFetchFailed } from './fetch-image';

/** A vehicle of the sheet whose `images` cell lists URLs (sold and removed ones are left out). */
export interface ImageTarget {
  vehicleId: number;
  vin: string;
  row: number;
  urls: string[];
}

export interface ImageImportOptions {
  store: PhotoStore;
  /** Per image: one deadline for the whole download, and its size cap. */
  timeoutMs: number;
  extraCa: string | null;
  /** Non-public networks allowed (SHEET_IMAGE_ALLOWED_NETWORKS); public addresses always are. */
  allowedNetworks: BlockList;
  /** The whole import's time: what is left is reported as pending and done by the next sync. */
  budgetMs: number;
  /** Downloads at once (processing has its own queue, PHOTO_CONCURRENCY). */
  downloads?: number;
}

/**
 * Each (vehicle, URL) pair is imported once: its photo row's upload id is derived from both, so a
 * second sync finds it and fetches nothing (and a photo stored but not yet attached — a crash between
 * the two — is attached instead of fetched again).
 */
export const syncUploadId = (vehicleId: number, url: string) =>
  `sync:${createHash('sha256').update(`${vehicleId}\n${url}`).digest('hex').slice(0, 40)}`;

const CHUNK = 500;

/**
 * The sheet's `images` column becomes photos of the vehicle (docs/design.md §4, issue #17): each URL is
 * fetched (https, bounded in size and time), processed by the same pipeline as an upload (content
 * check, EXIF stripped, variants) and attached after the vehicle's photos, kind `extra`, through the
 * admin's own "add photos" use case (locked, audited, list caches told). Runs after the sync's
 * transaction so no row lock is held during downloads. Failures are reported per row and URL.
 */
export async function importSheetImages(
  db: Database,
  actor: Actor,
  targets: ImageTarget[],
  options: ImageImportOptions,
): Promise<SyncImages> {
  const result: SyncImages = { imported: 0, pending: 0, failed: [] };
  const wanted = targets.flatMap((t) => [...new Set(t.urls)].map((url) => ({ target: t, url })));
  if (wanted.length === 0) return result;

  const known = new Map<string, { id: number; attached: boolean }>();
  const ids = wanted.map((w) => syncUploadId(w.target.vehicleId, w.url));
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .select({ id: vehiclePhotos.id, uploadId: vehiclePhotos.uploadId, vehicleId: vehiclePhotos.vehicleId })
      .from(vehiclePhotos)
      .where(inArray(vehiclePhotos.uploadId, ids.slice(i, i + CHUNK)));
    for (const row of rows) known.set(row.uploadId, { id: row.id, attached: row.vehicleId !== null });
  }
  const counts = new Map<number, number>();
  const vehicleIds = [...new Set(targets.map((t) => t.vehicleId))];
  for (let i = 0; i < vehicleIds.length; i += CHUNK) {
    const rows = await db
      .select({ vehicleId: vehiclePhotos.vehicleId, n: count() })
      .from(vehiclePhotos)
      .where(inArray(vehiclePhotos.vehicleId, vehicleIds.slice(i, i + CHUNK)))
      .groupBy(vehiclePhotos.vehicleId);
    for (const row of rows) counts.set(row.vehicleId!, row.n);
  }

  // Per vehicle, the URLs still to import, in the sheet's order, within the photo limit.
  const work: { target: ImageTarget; items: { url: string; uploadId: string; photoId?: number }[] }[] = [];
  for (const target of targets) {
    let room = MAX_PHOTOS - (counts.get(target.vehicleId) ?? 0);
    const items = [];
    for (const url of new Set(target.urls)) {
      const uploadId = syncUploadId(target.vehicleId, url);
      const photo = known.get(uploadId);
      if (photo?.attached) continue;
      if (room <= 0) {
        result.failed.push(failure(target, url, PHOTO_TEXT.tooMany));
        continue;
      }
      room--;
      items.push({ url, uploadId, photoId: photo?.id });
    }
    if (items.length > 0) work.push({ target, items });
  }

  const deadline = Date.now() + options.budgetMs;
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const { target, items } = work[next++]!;
      if (Date.now() >= deadline) {
        result.pending += items.length;
        continue;
      }
      const photoIds: number[] = [];
      for (const item of items) {
        if (item.photoId !== undefined) {
          photoIds.push(item.photoId);
          continue;
        }
        if (Date.now() >= deadline) {
          result.pending++;
          continue;
        }
        try {
          const bytes = await fetchImage(item.url, {
            timeoutMs: options.timeoutMs,
            maxBytes: MAX_PHOTO_BYTES,
            extraCa: options.extraCa,
            allowedNetworks: options.allowedNetworks,
          });
          const row = await options.store.store(bytes, { uploadId: item.uploadId, uploadedBy: 'sync:' });
          photoIds.push(row.id);
        } catch (error) {
          if (!(error instanceof ImageFetchFailed || error instanceof PhotoRefused)) throw error;
          const reason =
            error instanceof PhotoRefused ? error.message : `Could not fetch the image: ${error.message}`;
          result.failed.push(failure(target, item.url, reason));
        }
      }
      if (photoIds.length === 0) continue;
      await addPhotos(
        db,
        target.vehicleId,
        photoIds.map((id) => ({ id, kind: 'extra' as const })),
        actor,
      );
      result.imported += photoIds.length;
    }
  };
  await Promise.all(Array.from({ length: options.downloads ?? 3 }, worker));
  result.failed.sort((a, b) => a.row - b.row);
  return result;
}

const failure = (target: ImageTarget, url: string, reason: string): SyncImageFailure => ({
  row: target.row,
  vin: target.vin,
  url,
  reason,
});
