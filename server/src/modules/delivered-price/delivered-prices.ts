import { committedTotal } from '@contracts/deal-total';
import type { BuyerLimitsView, DeliveredPrice, OwnOffer } from '@contracts/delivered-price';
import type { TransportQuote } from '@contracts/delivery';
import { centsToDecimal } from '@contracts/money';
import { OPEN_OFFER_STATUSES } from '@contracts/statuses';
import { and, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dealerUsers, offers, vehicles } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { defaultDeliveryZip } from '../../lib/delivery-zip';
import { sightAtLeastSql } from '../car-visibility/car-visibility';
import { quoteOnSale } from '../delivery/transport-board';
import type { DeliveryConfig } from '../delivery/transport-orders';
import { findOfferedPackages } from '../recon/recon-packages';
import { committedBy } from '../transactions/deal-limits';

/** A refusal the quote may give (no delivery ZIP, one out of a truck's reach, the car's own): said, not thrown. */
const refusalOf = (error: unknown) => {
  if (error instanceof AppError) return error.message;
  throw error;
};

/**
 * GET /api/dealer/delivered-prices (issue #46): what each car costs the signed-in dealer brought to
 * their lot, for the cars of a page of results. Only cars on sale to this dealer (the one
 * visibility rule: on sale to everyone, or held for its first look) are answered; others are
 * absent, as unknown ids are. Each is the car's price, the package Buy Now starts with (the first
 * offered), and certified delivery to the dealership's delivery ZIP quoted as the Buy Now dialog
 * quotes it (`quoteOnSale`), added by `committedTotal`: the deal total a purchase with the same
 * choices records. The dealership's open offer on the car rides along (Buy Now mentions it).
 */
export async function deliveredPrices(
  db: Executor,
  ids: readonly number[],
  actor: Actor,
  config: DeliveryConfig,
  now = new Date(),
): Promise<DeliveredPrice[]> {
  if (ids.length === 0 || actor.type !== 'dealer' || actor.id === null) return [];
  const cars = await db
    .select()
    .from(vehicles)
    .where(and(inArray(vehicles.id, [...ids]), isNotNull(vehicles.price), sightAtLeastSql(actor, 'listing')));
  if (cars.length === 0) return [];
  const [firstPackage] = await findOfferedPackages(db);
  const reconditioning = firstPackage
    ? {
        id: firstPackage.id,
        name: firstPackage.name,
        price: firstPackage.price,
        promisedDays: firstPackage.promisedDays,
      }
    : null;
  const zip = await defaultDeliveryZip(db, actor.id).then(
    (toZip) => ({ toZip, problem: null }),
    (error: unknown) => ({ toZip: null, problem: refusalOf(error) }),
  );
  const offersByCar = await ownOpenOffers(
    db,
    actor.id,
    cars.map((car) => car.id),
    now,
  );
  const byId = new Map(
    cars.map((car) => {
      let quote: TransportQuote | null = null;
      let deliveryProblem = zip.problem;
      if (zip.toZip !== null) {
        try {
          quote = quoteOnSale(car, zip.toZip, false, reconditioning?.promisedDays ?? 0, config, now);
        } catch (error) {
          deliveryProblem = refusalOf(error);
        }
      }
      const view: DeliveredPrice = {
        vehicleId: car.id,
        price: car.price!,
        reconditioning,
        delivery: quote && {
          toZip: quote.toZip,
          toPlace: quote.toPlace,
          miles: quote.miles,
          price: quote.price,
          pickupWindow: quote.pickupWindow,
          deliveryWindow: quote.deliveryWindow,
        },
        deliveryProblem,
        total: committedTotal({
          price: car.price,
          reconditioning: reconditioning?.price,
          delivery: quote?.price,
        }),
        offer: offersByCar.get(car.id) ?? null,
      };
      return [car.id, view];
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The dealership's open offers (pending or countered, not yet expired) on these cars, by car. */
async function ownOpenOffers(db: Executor, dealerId: number, vehicleIds: number[], now: Date) {
  const rows = await db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.dealerId, dealerId),
        inArray(offers.vehicleId, vehicleIds),
        inArray(offers.status, [...OPEN_OFFER_STATUSES]),
        gt(offers.expiresAt, now),
      ),
    );
  return new Map(
    rows.map((row): [number, OwnOffer] => [
      row.vehicleId,
      {
        id: row.id,
        status: row.status as OwnOffer['status'],
        amount: row.amount,
        counterAmount: row.counterAmount,
      },
    ]),
  );
}

/**
 * GET /api/dealer/buyer-limits: the signed-in member's limits, read fresh (an owner may have just
 * changed them), and what they committed today — the figures the server's limit check reads
 * (`committedBy`), so the dialog can say before a choice what the purchase would say after it.
 */
export async function buyerLimitsOf(db: Executor, actor: Actor): Promise<BuyerLimitsView> {
  const none = { perVehicleLimit: null, perDayLimit: null, committedToday: '0.00' };
  if (!actor.member) return none;
  const [member] = await db
    .select({ perVehicleLimit: dealerUsers.perVehicleLimit, perDayLimit: dealerUsers.perDayLimit })
    .from(dealerUsers)
    .where(and(eq(dealerUsers.id, actor.member.id), isNull(dealerUsers.disabledAt)));
  if (!member) return none;
  const { dayCents } = await committedBy(db, actor.member.id, null);
  return { ...member, committedToday: centsToDecimal(dayCents) };
}
