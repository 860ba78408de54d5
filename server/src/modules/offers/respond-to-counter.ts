import type { OfferView } from '@contracts/buying';
import { BUYING_TEXT } from '@contracts/buying';
import { ERROR_CODES } from '@contracts/errors';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dealers, offerActivities, offers } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import { writeAudit } from '../audit/write-audit';
import { countBuyCodeUse, lockUsableCodeForSale } from '../buy-codes/find-usable-buy-code';
import { assertMayBuy } from '../buyer-limits/check-buyer-limits';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import type { MessageContext } from '../notifications/notification-messages';
import { counterAnsweredMessage } from '../notifications/offer-messages';
import { sellVehicle } from '../vehicles/sell-vehicle';
import { isPublished } from '../vehicles/vehicle-projection';
import { formatOfferAmount } from './create-offer';
import { expireOffers } from './expire-offers';
import { getOfferView } from './find-offers';
import { lockOffer } from './lock-offer';

/**
 * A dealer answers the admin's counter (beyond the spec, DESIGN.md §3): only its own countered,
 * unexpired offer. Accepting sells the vehicle at the counter amount, exactly like Buy Now.
 * Locks the vehicle before the offer, the same order as every other sale, so no deadlock.
 */
export async function respondToCounter(
  db: Database,
  input: { offerId: number; dealer: Actor; action: 'accept' | 'decline' },
  messages: MessageContext,
): Promise<OfferView> {
  // Committed on its own, so an offer found expired stays expired even though this answer is a refusal.
  await expireOffers(db, messages, { offerId: input.offerId });
  return withRetries(() =>
    db.transaction(async (tx) => {
      const { offer, vehicle } = await lockOffer(tx, input.offerId, { dealerId: input.dealer.id! });
      if (offer.status === 'expired' || offer.expiresAt <= new Date())
        throw new AppError(ERROR_CODES.conflict, 'This offer has expired');
      if (offer.status !== 'countered' || !offer.counterAmount) {
        throw new AppError(ERROR_CODES.conflict, 'This offer is not waiting for your answer');
      }
      const actor = input.dealer;
      // A viewer may look at offers, not answer them; a member who accepts buys in their own name.
      assertMayBuy(actor.member);

      if (input.action === 'accept') {
        if (!vehicle || !isPublished(vehicle))
          throw new AppError(ERROR_CODES.conflict, BUYING_TEXT.vehicleUnavailable);
        // The code may have been used up, deactivated or expired, or the dealer deactivated, since the offer.
        const buyCode = await lockUsableCodeForSale(tx, offer.buyCodeId, offer.dealerId);
        const transaction = await sellVehicle(
          tx,
          {
            vehicleId: vehicle.id,
            dealerId: offer.dealerId,
            buyCodeId: offer.buyCodeId,
            offerId: offer.id,
            amount: offer.counterAmount,
            buyerUserId: actor.member?.id ?? offer.buyerUserId,
          },
          actor,
          messages,
        );
        await countBuyCodeUse(tx, buyCode, actor, transaction.id);
      }
      const status = input.action === 'accept' ? 'accepted' : 'declined';
      await tx.update(offers).set({ status, updatedAt: sql`now()` }).where(eq(offers.id, offer.id));
      const [activity] = await tx
        .insert(offerActivities)
        .values({
          offerId: offer.id,
          actorType: actor.type,
          actorId: actor.id,
          actionType: input.action === 'accept' ? 'counter_accepted' : 'counter_declined',
          amount: offer.counterAmount,
          message: `Counter offer of ${formatOfferAmount(offer.counterAmount)} ${status}`,
        })
        .returning({ id: offerActivities.id });
      await writeAudit(tx, actor, {
        entity: 'offer',
        entityId: offer.id,
        action: `counter_${status}`,
        before: { status: 'countered' },
        after: { status },
      });
      const [dealer] = await tx
        .select({ name: dealers.dealerName })
        .from(dealers)
        .where(eq(dealers.id, offer.dealerId));
      if (vehicle && dealer) {
        await enqueueNotifications(tx, [
          {
            event: status === 'accepted' ? 'counter_accepted' : 'counter_declined',
            entityId: activity!.id,
            to: [{ admins: true }],
            payload: counterAnsweredMessage(messages, {
              vehicle,
              dealerName: dealer.name,
              amount: offer.amount,
              counterAmount: offer.counterAmount,
              accepted: status === 'accepted',
            }),
          },
        ]);
      }
      return (await getOfferView(tx, offer.id))!;
    }),
  );
}
