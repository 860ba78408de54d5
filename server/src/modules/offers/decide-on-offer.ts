import type { OfferView } from '@contracts/buying';
import { BUYING_TEXT } from '@contracts/buying';
import { ERROR_CODES } from '@contracts/errors';
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { offerActivities, offers, type vehicles } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import { writeAudit } from '../audit/write-audit';
import { countBuyCodeUse, lockUsableCodeForSale } from '../buy-codes/find-usable-buy-code';
import { assertDealWithinLimits } from '../transactions/deal-limits';
import { lockVehicle } from '../vehicle-rows/vehicle-rows';
import { isHeldFor } from '../vehicles/first-look';
import { sellVehicle } from '../vehicles/sell-vehicle';
import { isPublished } from '../vehicles/vehicle-projection';
import { expireOffers } from './expire-offers';
import { getOfferView } from './find-offers';

type OfferRow = typeof offers.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;
export interface LockedOffer {
  offer: OfferRow;
  vehicle: VehicleRow | null;
}

/**
 * The first step of every answer to an offer, inside its transaction: the offer's vehicle locked,
 * then the offer row, in the same order as every sale (no deadlock). `dealerId` limits the search
 * to one dealer's offers (a dealer answering a counter); another's answers 'Offer not found'.
 */
export async function lockOffer(
  tx: Transaction,
  offerId: number,
  { dealerId }: { dealerId?: number } = {},
): Promise<LockedOffer> {
  const [found] = await tx.select().from(offers).where(eq(offers.id, offerId));
  if (!found || (dealerId !== undefined && found.dealerId !== dealerId)) throw notFound('Offer not found');
  const vehicle = await lockVehicle(tx, found.vehicleId);
  const [offer] = await tx.select().from(offers).where(eq(offers.id, found.id)).for('update');
  return { offer: offer!, vehicle };
}

/**
 * The frame of every decision on an offer (admin's answer, counter withdrawn, dealer's answer to a
 * counter): offers found expired are expired first and stay so (committed on their own), then one
 * retried DB transaction that locks the vehicle and the offer, runs `decide`, and answers the
 * offer as the screens show it.
 */
export async function decideOnOffer(
  db: Database,
  offerId: number,
  scope: { dealerId?: number },
  decide: (tx: Transaction, locked: LockedOffer) => Promise<void>,
): Promise<OfferView> {
  await expireOffers(db, { offerId });
  return withRetries(() =>
    db.transaction(async (tx) => {
      const locked = await lockOffer(tx, offerId, scope);
      await decide(tx, locked);
      return (await getOfferView(tx, offerId))!;
    }),
  );
}

/**
 * An accepted offer or counter sells the vehicle at `amount`, exactly like Buy Now: the vehicle must
 * still be published, and the offer's code still usable (it may have been used up, deactivated or
 * expired, or the dealer deactivated, since the offer). Returns the sale's id.
 */
export async function sellOnOffer(
  tx: Transaction,
  { offer, vehicle }: LockedOffer,
  sale: { amount: string; buyerUserId: number | null },
  actor: Actor,
) {
  if (!vehicle || !(isPublished(vehicle) || (await isHeldFor(tx, vehicle, offer.dealerId))))
    throw new AppError(ERROR_CODES.conflict, BUYING_TEXT.vehicleUnavailable);
  const buyCode = await lockUsableCodeForSale(tx, offer.buyCodeId, offer.dealerId);
  const transaction = await sellVehicle(
    tx,
    {
      vehicleId: vehicle.id,
      dealerId: offer.dealerId,
      buyCodeId: offer.buyCodeId,
      offerId: offer.id,
      amount: sale.amount,
      buyerUserId: sale.buyerUserId,
      reconPackageId: offer.reconPackageId,
    },
    actor,
  );
  await countBuyCodeUse(tx, buyCode, actor, transaction.id);
  // The buyer's limits on the whole deal: the accepted amount + the package asked for.
  await assertDealWithinLimits(tx, transaction.id);
  return transaction.id;
}

/**
 * Writes one step of an offer's life: the row's new state, the activity the screens list and the
 * audit entry, together. Returns the row as written and the activity's id (the notification's entity).
 */
export async function recordOfferStep(
  tx: Transaction,
  offer: OfferRow,
  actor: Actor,
  step: {
    set: Partial<typeof offers.$inferInsert>;
    /** Open a new 48-hour window for the next answer. */
    newWindowHours?: number;
    activity: { actionType: string; amount: string | null; message: string };
    audit: { action: string; before: Record<string, unknown>; after: unknown };
  },
): Promise<{ updated: OfferRow; activityId: number }> {
  const [updated] = await tx
    .update(offers)
    .set({
      ...step.set,
      ...(step.newWindowHours ? { expiresAt: sql`now() + ${step.newWindowHours} * interval '1 hour'` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(offers.id, offer.id))
    .returning();
  const [activity] = await tx
    .insert(offerActivities)
    .values({ offerId: offer.id, actorType: actor.type, actorId: actor.id, ...step.activity })
    .returning({ id: offerActivities.id });
  await writeAudit(tx, actor, { entity: 'offer', entityId: offer.id, ...step.audit });
  return { updated: updated!, activityId: activity!.id };
}
