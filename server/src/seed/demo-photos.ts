import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConditionReportBody, PhotoKind } from '@contracts/condition-report';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { vehicles } from '../db/schema';
import { attachPhotosTo, writeConditionReport } from '../modules/photos/manage-photos';
import type { PhotoStore } from '../modules/photos/photo-store';
import { DEMO_MEDIA_DIR } from '../plugins/demo-media';

/** The shipped demo shots (drawn by scripts/make-demo-photos.mjs, no camera metadata). */
const DEMO_SHOTS: PhotoKind[] = ['front_left', 'front', 'left_side', 'rear', 'dashboard', 'damage'];

/** Reports for the first published vehicles: the grade table at work, from clean to rough. */
const DEMO_REPORTS: ConditionReportBody[] = [
  {
    damage: [{ panel: 'hood', type: 'dent', size: 'medium', photoId: null, note: 'Hail dent, paint intact' }],
    tires: { lf: 7, rf: 7, lr: 6, rr: 6 },
    warningLights: [],
  },
  {
    damage: [
      { panel: 'hood', type: 'dent', size: 'large', photoId: null, note: null },
      { panel: 'front_bumper', type: 'scratch', size: 'small', photoId: null, note: null },
    ],
    tires: { lf: 3, rf: 4, lr: 8, rr: 8 },
    warningLights: ['P0420'],
  },
  { damage: [], tires: { lf: 10, rf: 10, lr: 10, rr: 10 }, warningLights: [] },
  {
    damage: [
      { panel: 'left_rear_door', type: 'scratch', size: 'medium', photoId: null, note: null },
      { panel: 'windshield', type: 'chip', size: 'small', photoId: null, note: 'Outside the driver view' },
    ],
    tires: { lf: 5, rf: 5, lr: 5, rr: 5 },
    warningLights: [],
  },
];

/**
 * Gives the demo marketplace's newest published vehicles photos (processed by the real pipeline)
 * and condition reports, so a newcomer's first start shows the gallery and the grade.
 */
export async function seedDemoPhotos(db: Database, store: PhotoStore, { withPhotos = 3 } = {}) {
  const published = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.status, 'active'), eq(vehicles.inQueue, false)))
    .orderBy(asc(vehicles.id));
  const newest = published.reverse().slice(0, DEMO_REPORTS.length);
  const images = await Promise.all(
    DEMO_SHOTS.map((kind) => readFile(join(DEMO_MEDIA_DIR, `photo-${kind}.jpg`))),
  );
  for (const [i, vehicle] of newest.entries()) {
    const refs: { id: number; kind: PhotoKind }[] = [];
    if (i < withPhotos) {
      for (const [n, kind] of DEMO_SHOTS.entries()) {
        const row = await store.store(images[n]!, {
          uploadId: `demo:${vehicle.id}:${kind}`,
          uploadedBy: 'system:',
        });
        refs.push({ id: row.id, kind });
      }
    }
    const damagePhoto = refs.find((r) => r.kind === 'damage')?.id ?? null;
    const report = DEMO_REPORTS[i]!;
    await db.transaction(async (tx) => {
      await attachPhotosTo(tx, vehicle.id, refs);
      await writeConditionReport(tx, vehicle.id, {
        ...report,
        damage: report.damage.map((d, n) =>
          n === 0 && d.panel === 'hood' ? { ...d, photoId: damagePhoto } : d,
        ),
      });
    });
  }
}
