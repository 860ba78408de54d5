import { DEFAULT_SALE_TERMS, type SaleTerms } from '@contracts/after-sale';
import { addBusinessDays, dateInZone } from '@contracts/business-days';
import type { OfferView } from '@contracts/buying';
import type { OfferStatus } from '@contracts/statuses';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  appSettings,
  dealers,
  dealerUsers,
  offerActivities,
  offers,
  reconPackages,
  transactions,
  vehicles,
} from '../../db/schema';
import { vehicleNameColumns } from '../../db/vehicle-columns';
import { SALE_TERMS_SETTING } from '../../lib/sale-terms-setting';

/**
 * When payment would be due on a sale made now: the terms new sales get (the same setting
 * sell-vehicle.ts records on the transaction), counted by the one business-day calendar.
 */
async function paymentDueIfSoldNow(db: Executor, now = new Date()) {
  const [setting] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, SALE_TERMS_SETTING));
  const terms: SaleTerms = setting
    ? { ...DEFAULT_SALE_TERMS, ...JSON.parse(setting.value) }
    : DEFAULT_SALE_TERMS;
  return addBusinessDays(dateInZone(now, terms.timeZone), terms.paymentDays);
}

/** Which offers to read, in what order, how many (a page reads one more than it shows). */
export interface OfferRead {
  where?: SQL;
  orderBy?: SQL[];
  limit?: number;
}

/** Offers with their vehicle, dealer name and activity log, last changed first (docs/product.md §3 offer views). */
export async function findOfferViews(db: Executor, where?: SQL): Promise<OfferView[]> {
  return (await readOfferViews(db, { where })).map((r) => r.view);
}

/**
 * The offer views of the rows `read` asks for, in two queries whatever their number (the offers
 * with their names, then their activity logs), plus when payment would be due if each were accepted
 * now. `cursorKey` is the row's sort key as text (keyset-page.ts) when a page asks for it.
 */
export async function readOfferViews(
  db: Executor,
  { where, orderBy = [desc(offers.updatedAt), desc(offers.id)], limit }: OfferRead,
  cursorKey: SQL<string> = sql<string>`''`,
) {
  const query = db
    .select({
      offer: offers,
      vehicle: {
        ...vehicleNameColumns,
        price: vehicles.price,
      },
      dealer: { dealerName: dealers.dealerName },
      boughtBy: dealerUsers.name,
      soldFor: transactions.amount,
      reconPackage: { name: reconPackages.name, price: reconPackages.price },
      cursorKey,
    })
    .from(offers)
    .innerJoin(vehicles, eq(vehicles.id, offers.vehicleId))
    .innerJoin(dealers, eq(dealers.id, offers.dealerId))
    .leftJoin(dealerUsers, eq(dealerUsers.id, offers.buyerUserId))
    .leftJoin(reconPackages, eq(reconPackages.id, offers.reconPackageId))
    // The sale this offer made (at most one live one per vehicle, so at most one row).
    .leftJoin(transactions, and(eq(transactions.offerId, offers.id), eq(transactions.cancelled, false)))
    .where(where)
    .orderBy(...orderBy);
  const rows = await (limit === undefined ? query : query.limit(limit));
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
  const paymentDueIfAccepted = await paymentDueIfSoldNow(db);
  return rows.map(({ offer, vehicle, dealer, boughtBy, soldFor, reconPackage, cursorKey: key }) => ({
    id: offer.id,
    cursorKey: key,
    view: {
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
      soldFor,
      reconPackage: reconPackage?.name ? { name: reconPackage.name, price: reconPackage.price! } : null,
      paymentDueIfAccepted,
      activities: (byOffer.get(offer.id) ?? []).map((a) => ({
        id: a.id,
        actorType: a.actorType,
        actionType: a.actionType,
        amount: a.amount,
        message: a.message,
        createdAt: a.createdAt.toISOString(),
      })),
    } satisfies OfferView,
  }));
}

export async function getOfferView(db: Executor, offerId: number) {
  const [view] = await findOfferViews(db, eq(offers.id, offerId));
  return view ?? null;
}
