import type { OfferView } from '@contracts/buying';
import type { OfferStatus } from '@contracts/limits';
import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dealers, dealerUsers, offerActivities, offers, vehicles } from '../../db/schema';

/** Offers with their vehicle, dealer name and activity log, newest first (spec §3 offer views). */
export async function findOfferViews(db: Executor, where?: SQL): Promise<OfferView[]> {
  const rows = await db
    .select({
      offer: offers,
      vehicle: {
        year: vehicles.year,
        make: vehicles.make,
        model: vehicles.model,
        vin: vehicles.vin,
        price: vehicles.price,
      },
      dealer: { dealerName: dealers.dealerName },
      boughtBy: dealerUsers.name,
    })
    .from(offers)
    .innerJoin(vehicles, eq(vehicles.id, offers.vehicleId))
    .innerJoin(dealers, eq(dealers.id, offers.dealerId))
    .leftJoin(dealerUsers, eq(dealerUsers.id, offers.buyerUserId))
    .where(where)
    .orderBy(desc(offers.updatedAt), desc(offers.id));
  if (rows.length === 0) return [];
  const activities = await db
    .select()
    .from(offerActivities)
    .where(
      inArray(
        offerActivities.offerId,
        rows.map((r) => r.offer.id),
      ),
    )
    .orderBy(asc(offerActivities.createdAt), asc(offerActivities.id));
  const byOffer = new Map<number, (typeof activities)[number][]>();
  for (const activity of activities) {
    byOffer.set(activity.offerId, [...(byOffer.get(activity.offerId) ?? []), activity]);
  }
  return rows.map(({ offer, vehicle, dealer, boughtBy }) => ({
    id: offer.id,
    vehicleId: offer.vehicleId,
    dealerId: offer.dealerId,
    amount: offer.amount,
    status: offer.status as OfferStatus,
    counterAmount: offer.counterAmount,
    counterMessage: offer.counterMessage,
    expiresAt: offer.expiresAt.toISOString(),
    createdAt: offer.createdAt.toISOString(),
    updatedAt: offer.updatedAt.toISOString(),
    vehicle,
    dealer,
    boughtBy,
    activities: (byOffer.get(offer.id) ?? []).map((a) => ({
      id: a.id,
      actorType: a.actorType,
      actionType: a.actionType,
      amount: a.amount,
      message: a.message,
      createdAt: a.createdAt.toISOString(),
    })),
  }));
}

export async function getOfferView(db: Executor, offerId: number) {
  const [view] = await findOfferViews(db, eq(offers.id, offerId));
  return view ?? null;
}
