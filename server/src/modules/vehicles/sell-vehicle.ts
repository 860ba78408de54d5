import { and, eq, ne } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { offers, transactions, vehicles } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { SALE_TERMS_SETTING, termsOfNewSale } from '../../lib/sale-terms-setting';
import { writeAudit } from '../audit/write-audit';
import { fillBuyOrders } from '../buy-orders/fill-buy-orders';
import { lockBuyer } from '../buyer-limits/check-buyer-limits';
import { declineOpenOffers } from '../open-offers/decline-open-offers';
import { offeredPackage } from '../recon/recon-packages';
import { addSalePackage } from '../recon/sale-package';
import { updateVehicleRow } from '../vehicle-rows/vehicle-rows';
import { notifyWatchers } from '../watchlist/notify-watchers';

export { SALE_TERMS_SETTING };

export interface Sale {
  vehicleId: number;
  dealerId: number;
  buyCodeId: number | null;
  offerId: number | null;
  amount: string;
  /** The team member who buys (docs/design.md §10): their limits are checked here, in the sale's transaction. */
  buyerUserId?: number | null;
  /** The reconditioning package chosen with it (docs/design.md §14); none = as inspected. */
  reconPackageId?: number | null;
}

/**
 * The one way a vehicle is sold, inside the caller's DB transaction with the vehicle row locked:
 * a pending transaction, the vehicle marked sold, and every other open offer on it declined with
 * 'Vehicle sold' (their dealers are told). The caller checks the buyer's limits on the whole deal
 * (assertDealWithinLimits) after its charges are written, in the same transaction. The partial unique index on transactions backs this against any race.
 */
export async function sellVehicle(tx: Transaction, sale: Sale, actor: Actor) {
  // The package first: a retired or unknown one refuses the sale before anything is written.
  const recon = sale.reconPackageId
    ? await offeredPackage(tx, sale.reconPackageId, { promised: sale.offerId !== null })
    : null;
  // The buyer's dealership is locked first (and the role read again); the limits apply to the deal
  // once its charges are written: the caller asks transactions/deal-limits.ts before committing.
  if (sale.buyerUserId) await lockBuyer(tx, sale.buyerUserId);
  // The terms in force, with the guarantee of the car's certification level (docs/decisions/0040-guarantee-clock.md).
  const [vehicle] = await tx
    .select({ condition: vehicles.condition })
    .from(vehicles)
    .where(eq(vehicles.id, sale.vehicleId));
  const terms = await termsOfNewSale(tx, vehicle?.condition ?? null);
  const [transaction] = await tx
    .insert(transactions)
    .values({
      vehicleId: sale.vehicleId,
      dealerId: sale.dealerId,
      buyCodeId: sale.buyCodeId,
      offerId: sale.offerId,
      buyerUserId: sale.buyerUserId ?? null,
      amount: sale.amount,
      terms,
    })
    .returning();
  if (recon)
    // Its price is a charge on the sale's ledger; its work order holds the release until done.
    await addSalePackage(tx, {
      transactionId: transaction!.id,
      vehicleId: sale.vehicleId,
      dealerId: sale.dealerId,
      package: {
        id: recon.id,
        name: recon.name,
        price: recon.price,
        checklist: recon.checklist,
        promisedDays: recon.promisedDays,
      },
      actor,
    });
  // A car held for a first look is sold to one of the dealerships it was held for: the hold ends.
  await updateVehicleRow(tx, sale.vehicleId, { status: 'sold', inQueue: false, firstLookUntil: null });
  // The buying dealership's oldest open order this car matches counts it (docs/design.md §13).
  await fillBuyOrders(tx, {
    dealerId: sale.dealerId,
    vehicleId: sale.vehicleId,
    price: sale.amount,
    transactionId: transaction!.id,
  });

  await declineOpenOffers(
    tx,
    and(
      eq(offers.vehicleId, sale.vehicleId),
      sale.offerId === null ? undefined : ne(offers.id, sale.offerId),
    ),
    'Vehicle sold',
    { tellDealers: true },
  );

  // Those watching the car hear it is gone; the buying dealership is not told of its own purchase.
  await notifyWatchers(tx, {
    reason: 'sold',
    vehicleId: sale.vehicleId,
    transactionId: transaction!.id,
    buyerDealerId: sale.dealerId,
  });

  await writeAudit(tx, actor, {
    entity: 'transaction',
    entityId: transaction!.id,
    action: 'created',
    after: transaction,
  });
  await writeAudit(tx, actor, {
    entity: 'vehicle',
    entityId: sale.vehicleId,
    action: 'sold',
    before: { status: 'active' },
    after: { status: 'sold', transactionId: transaction!.id },
  });
  return transaction!;
}
