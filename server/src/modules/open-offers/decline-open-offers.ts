import { OPEN_OFFER_STATUSES } from '@contracts/statuses';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { offerActivities, offers, vehicles } from '../../db/schema';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import { offerClosedMessage } from '../notifications/offer-messages';

/**
 * Declines every open (pending or countered) offer matching `where`, logging `message` on each —
 * when a car sells or is removed, or a dealer is deactivated. Inside the caller's DB transaction.
 * With `tellDealers`, each dealer's main contact is told why (offer_declined); without, the caller
 * tells the dealer itself (a deactivated dealer hears of that once, not per offer).
 * A leaf module of its own: the sale (vehicles) and dealers need it, and offers sits above both.
 */
export async function declineOpenOffers(
  tx: Transaction,
  where: SQL | undefined,
  message: string,
  { tellDealers }: { tellDealers: boolean },
) {
  const closed = await tx
    .update(offers)
    .set({ status: 'declined', updatedAt: sql`now()` })
    .where(and(inArray(offers.status, [...OPEN_OFFER_STATUSES]), where))
    .returning({
      id: offers.id,
      amount: offers.amount,
      counterAmount: offers.counterAmount,
      dealerId: offers.dealerId,
      vehicleId: offers.vehicleId,
    });
  if (closed.length === 0) return 0;
  const activities = await tx
    .insert(offerActivities)
    .values(
      closed.map((o) => ({
        offerId: o.id,
        actorType: 'system',
        actorId: null,
        actionType: 'declined',
        amount: o.amount,
        message,
      })),
    )
    .returning({ id: offerActivities.id, offerId: offerActivities.offerId });
  if (tellDealers) {
    const cars = await tx
      .select()
      .from(vehicles)
      .where(
        inArray(
          vehicles.id,
          closed.map((o) => o.vehicleId),
        ),
      );
    const carOf = new Map(cars.map((v) => [v.id, v]));
    const activityOf = new Map(activities.map((a) => [a.offerId, a.id]));
    await enqueueNotifications(
      tx,
      closed.map((o) => ({
        event: 'offer_declined' as const,
        entityId: activityOf.get(o.id)!,
        to: [{ dealerId: o.dealerId, contact: 'main' as const }],
        message: offerClosedMessage({
          vehicle: carOf.get(o.vehicleId)!,
          amount: o.amount,
          counterAmount: o.counterAmount,
          reason: message,
        }),
      })),
    );
  }
  return closed.length;
}
