import { computeVinCheckDigit } from '../contracts/vin';
import type { DbHandle } from '../server/src/db/client';
import { vehicles } from '../server/src/db/schema';

const MAKES = [
  ['Toyota', 'Camry'],
  ['Honda', 'Accord'],
  ['Ford', 'F-150'],
  ['Chevrolet', 'Silverado 1500'],
  ['Nissan', 'Altima'],
  ['Jeep', 'Grand Cherokee'],
  ['Hyundai', 'Elantra'],
  ['Kia', 'Sorento'],
] as const;

/** Published vehicles with realistic field sizes and unique, check-digit-valid VINs. */
export function benchVehicles(start: number, count: number): (typeof vehicles.$inferInsert)[] {
  return Array.from({ length: count }, (_, k) => {
    const i = start + k;
    const [make, model] = MAKES[i % MAKES.length]!;
    const draft = `1BNCH${String(i % 100).padStart(2, '0')}A0L${String(i).padStart(7, '0')}`.slice(0, 17);
    const vin = `${draft.slice(0, 8)}${computeVinCheckDigit(draft)}${draft.slice(9)}`;
    return {
      vin,
      make,
      model,
      trim: i % 3 ? 'SE' : null,
      year: 2012 + (i % 14),
      mileage: i % 17 ? 20_000 + ((i * 7919) % 120_000) : null,
      price: (8000 + ((i * 104_729) % 40_000)).toFixed(2),
      description: `Wholesale unit ${i}: clean history, serviced, new tires; minor cosmetic wear noted in the inspection.`,
      condition: i % 2 ? 'Deal Machine Certified' : 'Auction Certified',
      status: 'active',
      inQueue: false,
      videos: i % 4 ? [] : ['/media/demo/walkaround.webm'],
      videoThumbnails: i % 4 ? [] : ['/media/demo/walkaround.jpg'],
      reconExterior: 'None Found',
      reconMechanical: 'None Found',
      reconInterior: 'None Found',
    };
  });
}

/** Inserts `count` bench vehicles numbered from `from`, in batches (one statement each). */
export async function insertBenchVehicles(db: DbHandle['db'], from: number, count: number, batch = 1000) {
  for (let i = from; i < from + count; i += batch)
    await db.insert(vehicles).values(benchVehicles(i, Math.min(batch, from + count - i)));
}
