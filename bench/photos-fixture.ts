import { randomBytes } from 'node:crypto';
import { link, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { GUIDED_SHOTS, type PhotoKind } from '../contracts/condition-report-rules';
import type { Database } from '../server/src/db/client';
import { vehiclePhotos } from '../server/src/db/schema';
import { attachPhotosTo } from '../server/src/modules/photos/attach-photos';
import { writeConditionReport } from '../server/src/modules/photos/condition-reports';
import { PhotoStore } from '../server/src/modules/photos/photo-store';
import type { PhotoRow } from '../server/src/modules/photos/photo-views';
import { syntheticPhoto } from './synthetic-photo';

/** What a 40-photo report holds: every guided shot, extras, then the damage close-ups. */
function galleryKinds(count: number): PhotoKind[] {
  const damage = Math.min(6, Math.floor(count / 6));
  const guided = GUIDED_SHOTS.map((s) => s.kind).slice(0, count - damage);
  const extra = Array.from({ length: count - damage - guided.length }, (): PhotoKind => 'extra');
  return [...guided, ...extra, ...Array.from({ length: damage }, (): PhotoKind => 'damage')];
}

/**
 * Gives a vehicle `count` photos (2000 × 1500, drawn here) through the real pipeline: each stored
 * by PhotoStore.store under DATA_DIR/photos, then attached in order with a condition report whose
 * damage items show the damage photos, as the upload wizard leaves a vehicle.
 */
export async function storeGallery(db: Database, dataDir: string, vehicleId: number, count: number) {
  const store = await PhotoStore.create({ dataDir, db, concurrency: 1, log: () => {} });
  const kinds = galleryKinds(count);
  const rows: PhotoRow[] = [];
  // One at a time: 40 decoded 3-megapixel images at once would take a gigabyte.
  for (const i of kinds.keys()) {
    const input = await syntheticPhoto(i, 2000, 1500, { scene: true });
    rows.push(await store.store(input, { uploadId: `bench:${vehicleId}:${i}`, uploadedBy: 'system:' }));
  }
  const damagePhotos = rows.filter((_, i) => kinds[i] === 'damage');
  await db.transaction(async (tx) => {
    await attachPhotosTo(
      tx,
      vehicleId,
      rows.map((row, i) => ({ id: row.id, kind: kinds[i]! })),
    );
    await writeConditionReport(tx, vehicleId, {
      damage: damagePhotos.map((photo, i) => ({
        panel: i % 2 ? 'hood' : 'front_bumper',
        type: i % 2 ? 'dent' : 'scratch',
        size: 'small',
        photoId: photo.id,
        note: null,
      })),
      tires: { lf: 7, rf: 7, lr: 6, rr: 6 },
      warningLights: [],
    });
  });
  return rows;
}

/**
 * Gives each vehicle a cover photo without processing again: the files of one of `sources`
 * (in turn) hard-linked under a new storage key, so every card asks for its own URLs as real covers
 * would (no browser cache shared between cards).
 */
export async function linkCovers(db: Database, dataDir: string, vehicleIds: number[], sources: PhotoRow[]) {
  const publicDir = join(dataDir, 'photos');
  for (const [i, vehicleId] of vehicleIds.entries()) {
    const source = sources[i % sources.length]!;
    const storageKey = randomBytes(16).toString('hex');
    await mkdir(join(publicDir, storageKey));
    for (const name of await readdir(join(publicDir, source.storageKey)))
      await link(join(publicDir, source.storageKey, name), join(publicDir, storageKey, name));
    await db.insert(vehiclePhotos).values({
      vehicleId,
      uploadId: `bench-cover:${vehicleId}`,
      storageKey,
      position: 0,
      kind: 'front_left',
      width: source.width,
      height: source.height,
      placeholder: source.placeholder,
      originalMime: source.originalMime,
      uploadedBy: 'system:',
    });
  }
}
