import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { offers } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { lockVehicle } from '../vehicles/lock-vehicle';

/**
 * The first step of every answer to an offer, inside its transaction: the offer's vehicle locked,
 * then the offer row, in the same order as every sale (no deadlock). `dealerId` limits the search
 * to one dealer's offers (a dealer answering a counter); another's answers 'Offer not found'.
 */
export async function lockOffer(tx: Transaction, offerId: number, { dealerId }: { dealerId?: number } = {}) {
  const [found] = await tx.select().from(offers).where(eq(offers.id, offerId));
  if (!found || (dealerId !== undefined && found.dealerId !== dealerId)) throw notFound('Offer not found');
  const vehicle = await lockVehicle(tx, found.vehicleId);
  const [offer] = await tx.select().from(offers).where(eq(offers.id, found.id)).for('update');
  return { offer: offer!, vehicle };
}
