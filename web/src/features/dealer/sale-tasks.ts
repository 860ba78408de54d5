import type { DealerTransaction } from '@contracts/buying';
import { decimalToCents } from '@/lib/display/sale-state';

/**
 * What a sale asks of the dealer, each question answered once for the dashboard's lists and its
 * "Needs you" (the figures and states are the server's: this only reads them).
 */

/** "2021 Kia Telluride", or "Vehicle #12" when the car has no year, make or model. */
export const saleName = (t: Pick<DealerTransaction, 'vehicle' | 'vehicleId'>) =>
  t.vehicle && (t.vehicle.year || t.vehicle.make || t.vehicle.model)
    ? [t.vehicle.year, t.vehicle.make, t.vehicle.model].filter(Boolean).join(' ')
    : `Vehicle #${t.vehicleId}`;

/** A live sale on which the dealer still owes money (the ledger's balance above zero). */
export const isOwing = (t: DealerTransaction) => !t.cancelled && decimalToCents(t.balance) > 0;

/** Our carrier says the car is delivered and the dealer has not confirmed it (odometer, photos). */
export const deliveryToConfirm = (t: DealerTransaction) =>
  !t.cancelled && t.transport?.status === 'delivered' && t.deliveryConfirmation === null;

/** The title was sent to the dealer, who confirms it arrived. */
export const titleToConfirm = (t: DealerTransaction) => !t.cancelled && t.titleStatus === 'sent';

/** The guarantee claims still waiting for our answer. */
export const openClaimsOf = (t: DealerTransaction) => t.claims.filter((claim) => claim.status === 'open');
