import type { DealerTransaction } from '@contracts/buying';

/** A sale's name on the dashboard. What a sale asks of the dealer is contracts/dealer-tasks.ts. */

/** "2021 Kia Telluride", or "Vehicle #12" when the car has no year, make or model. */
export const saleName = (t: Pick<DealerTransaction, 'vehicle' | 'vehicleId'>) =>
  t.vehicle && (t.vehicle.year || t.vehicle.make || t.vehicle.model)
    ? [t.vehicle.year, t.vehicle.make, t.vehicle.model].filter(Boolean).join(' ')
    : `Vehicle #${t.vehicleId}`;
