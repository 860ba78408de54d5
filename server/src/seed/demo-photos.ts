import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DamageType, PhotoKind } from '@contracts/condition-report';
import { asc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { vehicles } from '../db/schema';
import { attachPhotosTo } from '../modules/photos/attach-photos';
import { writeConditionReport } from '../modules/photos/condition-reports';
import type { ProcessedPhoto } from '../modules/photos/photo-pipeline';
import type { PhotoStore } from '../modules/photos/photo-store';
import { DEMO_MEDIA_DIR } from '../plugins/demo-media';
import { DEMO_CONDITIONS, demoReportOf } from './demo-conditions';
import { DEMO_VEHICLES, demoVin } from './demo-vehicles';

/** The guided shots every demo car has (drawn by scripts/make-demo-photos.mjs, no camera metadata). */
const CAR_SHOTS = ['front_left', 'front', 'rear'] as const satisfies readonly PhotoKind[];

const PICKUPS = new Set(['F-150', 'Silverado 1500', '1500', 'Sierra 1500', 'Gladiator']);
const SUVS = new Set([
  'CR-V',
  'Grand Cherokee',
  'Sorento',
  'Outback',
  'X5',
  'GLE',
  'RX',
  'CX-5',
  'Q5',
  'XT5',
  'Explorer',
  'Tahoe',
  'RAV4',
  'Highlander',
  'Rogue',
  'Odyssey',
  'Santa Fe',
  'Enclave',
]);
const LOOKS = {
  sedan: ['sedan-blue', 'sedan-red'],
  suv: ['suv-white', 'suv-green'],
  truck: ['truck-gray', 'truck-red'],
} as const;

/** A demo car's drawn look: its body type, in one of that body's colours. */
function lookOf(model: string, n: number) {
  const body = PICKUPS.has(model) ? 'truck' : SUVS.has(model) ? 'suv' : 'sedan';
  const looks = LOOKS[body];
  return looks[n % looks.length]!;
}
/** The close-up shown with a car's first damage item of this type (a dent, a scratch or a chip). */
const CLOSE_UPS: Partial<Record<DamageType, string>> = {
  dent: 'damage-dent',
  scratch: 'damage-scratch',
  chip: 'damage-chip',
};

/**
 * Gives every demo vehicle photos (a body in a colour from three angles, the dashboard, and a
 * close-up of its first dent, scratch or chip) and the condition report of its inspection
 * (demo-conditions.ts), so a newcomer's first look is a real marketplace: every card has a cover,
 * every listing a grade. Each drawn image goes through the real pipeline once; every car gets its
 * own stored copy (a photo belongs to one vehicle).
 */
export async function seedDemoPhotos(db: Database, store: PhotoStore) {
  const rows = await db
    .select({ id: vehicles.id, vin: vehicles.vin })
    .from(vehicles)
    .orderBy(asc(vehicles.id));
  const processed = new Map<string, Promise<ProcessedPhoto>>();
  const image = (name: string) => {
    let photo = processed.get(name);
    if (!photo) {
      photo = readFile(join(DEMO_MEDIA_DIR, `photo-${name}.jpg`)).then((bytes) => store.process(bytes));
      processed.set(name, photo);
    }
    return photo;
  };

  const cars = DEMO_VEHICLES.map((vehicle, i) => {
    const row = rows.find((r) => r.vin === demoVin(vehicle, i + 1));
    const condition = DEMO_CONDITIONS[i]!;
    const closeUp = condition.damage.find(([, type]) => CLOSE_UPS[type]);
    const look = lookOf(vehicle.model, i);
    const shots: { kind: PhotoKind; name: string }[] = [
      ...CAR_SHOTS.map((kind) => ({ kind, name: `${look}-${kind}` })),
      { kind: 'dashboard', name: 'dashboard' },
      ...(closeUp ? [{ kind: 'damage' as const, name: CLOSE_UPS[closeUp[1]]! }] : []),
    ];
    // Every distinct image starts processing now (the queue runs as many at once as it may).
    for (const shot of shots) void image(shot.name).catch(() => {});
    return { row, condition, closeUp, shots };
  });

  for (const { row, condition, closeUp, shots } of cars) {
    if (!row) continue;
    const refs: { id: number; kind: PhotoKind }[] = [];
    for (const shot of shots) {
      const stored = await store.storeProcessed(await image(shot.name), {
        uploadId: `demo:${row.id}:${shot.kind}`,
        uploadedBy: 'system:',
      });
      refs.push({ id: stored.id, kind: shot.kind });
    }
    const damagePhoto = refs.find((r) => r.kind === 'damage')?.id ?? null;
    const report = demoReportOf(condition);
    await db.transaction(async (tx) => {
      await attachPhotosTo(tx, row.id, refs);
      await writeConditionReport(tx, row.id, {
        ...report,
        damage: report.damage.map((item, n) =>
          closeUp && n === condition.damage.indexOf(closeUp) ? { ...item, photoId: damagePhoto } : item,
        ),
      });
    });
  }
}
