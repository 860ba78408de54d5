import { addBusinessDays, dateInZone } from '@contracts/business-days';
import { MARKET_TIME_ZONE } from '@contracts/dates';
import {
  DELIVERY_TEXT,
  type TransportBoardRow,
  type TransportQuote,
  type TransportQuoteBody,
  transportQuoteBodySchema,
} from '@contracts/delivery';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dealers, transactions, transportOrders, vehicles } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import { defaultDeliveryZip } from '../../lib/delivery-zip';
import { sightOf } from '../car-visibility/car-visibility';
import { vehicleName } from '../notifications/notification-messages';
import { offeredPackage } from '../recon/recon-packages';
import { saleStatesOf } from '../transactions/sale-timeline';
import { type DeliveryConfig, quoteForVehicle, releaseEstimate } from './transport-orders';

/**
 * POST /api/transport/quote (a dealer): for a car on sale, or for the dealer's own live sale not
 * yet handed over. The ZIP defaults to the dealership's. Quoted from today.
 */
export async function quoteTransportFor(
  db: Executor,
  body: TransportQuoteBody,
  actor: Actor,
  config: DeliveryConfig,
): Promise<TransportQuote> {
  const input = transportQuoteBodySchema.parse(body);
  let vehicleId = input.vehicleId;
  let zone = MARKET_TIME_ZONE;
  let releasedOn: (today: string) => string = (today) => today;
  if (input.transactionId !== undefined) {
    const [sale] = await db.select().from(transactions).where(eq(transactions.id, input.transactionId));
    if (!sale || sale.dealerId !== actor.id) throw notFound(DELIVERY_TEXT.saleNotFound);
    if (sale.cancelled) throw conflict(DELIVERY_TEXT.saleCancelled);
    const [state] = await saleStatesOf(db, [sale]);
    if (state!.pickupStatus === 'picked_up' || state!.pickupStatus === 'delivered')
      throw conflict(DELIVERY_TEXT.alreadyHandedOver);
    vehicleId = sale.vehicleId;
    zone = sale.terms.timeZone;
    releasedOn = (today) => releaseEstimate(today, state!.workOrder);
  }
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, vehicleId!));
  if (!vehicle) throw notFound(DELIVERY_TEXT.vehicleNotForSale);
  if (input.transactionId === undefined) {
    // A car on sale to this dealer (the one visibility rule, car-visibility.ts): on sale to everyone
    // or held for its first look. One it may not see answers as an unknown id; a sold or removed
    // one, not for sale.
    const sight = await sightOf(db, actor, vehicle.id);
    if (sight === 'none') throw notFound(DELIVERY_TEXT.vehicleNotForSale);
    if (sight !== 'listing' && sight !== 'first-look') throw conflict(DELIVERY_TEXT.vehicleNotForSale);
  }
  if (input.transactionId === undefined) {
    const chosen = input.reconPackageId === undefined ? null : await offeredPackage(db, input.reconPackageId);
    const toZip = input.toZip ?? (await defaultDeliveryZip(db, actor.id!));
    return quoteOnSale(vehicle, toZip, input.enclosed, chosen?.promisedDays ?? 0, config);
  }
  const toZip = input.toZip ?? (await defaultDeliveryZip(db, actor.id!));
  return quoteForVehicle(vehicle, toZip, input.enclosed, config, releasedOn(dateInZone(new Date(), zone)));
}

/**
 * A car on sale quoted to a ZIP, from today in the market's zone; with a package chosen the pickup
 * waits for its promised business days, as its work order will. The quote Buy Now's dialog shows
 * and the delivered price on a card (delivered-price/delivered-prices.ts) are both this one.
 */
export const quoteOnSale = (
  vehicle: Parameters<typeof quoteForVehicle>[0],
  toZip: string,
  enclosed: boolean,
  promisedDays: number,
  config: DeliveryConfig,
  now = new Date(),
) =>
  quoteForVehicle(
    vehicle,
    toZip,
    enclosed,
    config,
    addBusinessDays(dateInZone(now, MARKET_TIME_ZONE), promisedDays),
  );

/**
 * Transport orders as the admin's board reads them (issue #32), newest first unless `orderBy` says
 * otherwise: each row reads its transport from the sale's state (the same fold the dealer reads) and
 * says what a waiting order waits for, computed for these rows only. `cursorKey` is the row's sort
 * key as text, for a page's next cursor (keyset-page.ts); the page is transport-board-page.ts.
 */
export async function readTransportRows(
  db: Executor,
  {
    where,
    orderBy = [desc(transportOrders.id)],
    limit,
    cursorKey = sql<string>`''`,
  }: { where?: SQL; orderBy?: SQL[]; limit?: number; cursorKey?: SQL<string> },
) {
  const query = db
    .select({
      order: transportOrders,
      sale: transactions,
      vehicle: vehicles,
      dealerName: dealers.dealerName,
      cursorKey,
    })
    .from(transportOrders)
    .innerJoin(transactions, eq(transactions.id, transportOrders.transactionId))
    .innerJoin(vehicles, eq(vehicles.id, transactions.vehicleId))
    .innerJoin(dealers, eq(dealers.id, transactions.dealerId))
    .where(where)
    .orderBy(...orderBy);
  const rows = await (limit === undefined ? query : query.limit(limit));
  const states = await saleStatesOf(
    db,
    rows.map((r) => r.sale),
  );
  return rows.map(({ order, sale, vehicle, dealerName, cursorKey: key }, i) => {
    const state = states[i]!;
    // The sale's latest order may be a newer one than this (cancelled) row: read this one's facts.
    const transport = state.transport?.orderId === order.id ? state.transport : null;
    // The sale's one delivery state: its transport's status (a dealer's confirmation delivers it).
    const status = transport?.status ?? order.status;
    const held = transport
      ? state.deliveryConfirmation?.held
        ? state.deliveryConfirmation.note
        : null
      : null;
    // What a waiting order waits for: the sale's hold, in the words its dealer reads.
    const waitingFor =
      (status === 'awaiting_release' && state.holdReason !== 'none') || held ? state.holdText : null;
    const view: TransportBoardRow = {
      orderId: order.id,
      transactionId: sale.id,
      vehicle: vehicleName(vehicle),
      vin: vehicle.vin,
      dealerName,
      status,
      deliveryStatus: state.deliveryStatus,
      holdReason: state.holdReason,
      confirmationHeld: held,
      arrangedBy: order.arrangedBy,
      route: transport ? `${transport.fromPlace} → ${transport.toPlace}` : '',
      miles: transport?.miles ?? 0,
      price: transport?.price ?? '0.00',
      orderedAt: order.createdAt.toISOString(),
      pickupWindow: transport?.pickupWindow ?? { from: '', to: order.pickupBy },
      deliveryWindow: transport?.deliveryWindow ?? { from: '', to: '' },
      eta: transport?.eta ?? null,
      carrierName: transport?.carrierName ?? null,
      pickupLate: transport?.pickupLate ?? false,
      waitingFor,
    };
    return { id: order.id, cursorKey: key, view };
  });
}

export async function transportBoardRow(db: Executor, orderId: number) {
  const [row] = await readTransportRows(db, { where: eq(transportOrders.id, orderId) });
  if (!row) throw notFound(DELIVERY_TEXT.orderNotFound);
  return row.view;
}
