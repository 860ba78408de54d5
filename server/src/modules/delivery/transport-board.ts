import { dateInZone } from '@contracts/business-days';
import {
  DELIVERY_TEXT,
  type TransportBoardRow,
  type TransportQuote,
  type TransportQuoteBody,
  transportQuoteBodySchema,
} from '@contracts/delivery';
import { decimalToCents, formatCents } from '@contracts/money';
import { reconNotFinishedText } from '@contracts/work-order-texts';
import { and, desc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dealers, transactions, transportOrders, vehicles } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import { sightOf } from '../car-visibility/car-visibility';
import { vehicleName } from '../notifications/notification-messages';
import { saleStatesOf } from '../transactions/sale-timeline';
import { type DeliveryConfig, defaultDeliveryZip, quoteForVehicle } from './transport-orders';

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
  let zone = 'America/New_York';
  if (input.transactionId !== undefined) {
    const [sale] = await db.select().from(transactions).where(eq(transactions.id, input.transactionId));
    if (!sale || sale.dealerId !== actor.id) throw notFound(DELIVERY_TEXT.saleNotFound);
    if (sale.cancelled) throw conflict(DELIVERY_TEXT.saleCancelled);
    const [state] = await saleStatesOf(db, [sale]);
    if (state!.pickupStatus === 'picked_up' || state!.pickupStatus === 'delivered')
      throw conflict(DELIVERY_TEXT.alreadyHandedOver);
    vehicleId = sale.vehicleId;
    zone = sale.terms.timeZone;
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
  const toZip = input.toZip ?? (await defaultDeliveryZip(db, actor.id!));
  return quoteForVehicle(vehicle, toZip, input.enclosed, config, dateInZone(new Date(), zone));
}

/**
 * The admin's transport board: every order not finished, and those finished in the last 30 days;
 * late pickups first, then waiting for release, then by the pickup deadline. Each row reads its
 * transport from the sale's state (the same fold the dealer reads), and says what a waiting order
 * waits for.
 */
export async function findTransportBoard(db: Executor, where?: SQL): Promise<TransportBoardRow[]> {
  const rows = await db
    .select({ order: transportOrders, sale: transactions, vehicle: vehicles, dealerName: dealers.dealerName })
    .from(transportOrders)
    .innerJoin(transactions, eq(transactions.id, transportOrders.transactionId))
    .innerJoin(vehicles, eq(vehicles.id, transactions.vehicleId))
    .innerJoin(dealers, eq(dealers.id, transactions.dealerId))
    .where(
      and(
        where,
        or(
          inArray(transportOrders.status, [
            'awaiting_release',
            'unassigned',
            'assigned',
            'picked_up',
            'in_transit',
          ]),
          gte(transportOrders.updatedAt, sql`now() - interval '30 days'`),
        ),
      ),
    )
    .orderBy(desc(transportOrders.id))
    .limit(500);
  const states = await saleStatesOf(
    db,
    rows.map((r) => r.sale),
  );
  const board = rows.map(({ order, sale, vehicle, dealerName }, i): TransportBoardRow => {
    const state = states[i]!;
    // The sale's latest order may be a newer one than this (cancelled) row: read this one's facts.
    const transport = state.transport?.orderId === order.id ? state.transport : null;
    const workOrder = state.workOrder;
    const reconOpen = workOrder && (workOrder.status === 'to_do' || workOrder.status === 'in_progress');
    const owed = decimalToCents(state.balance);
    // Everything a waiting order waits for, in the words the release refusals use.
    const reasons = [
      // Money: owed and not covered by a lender's approval (the stage says which).
      ...(owed > 0 && state.stage !== 'lender_approved' ? [`${formatCents(owed)} owed`] : []),
      ...(reconOpen ? [reconNotFinishedText(workOrder.total - workOrder.done, workOrder.total)] : []),
    ];
    const waitingFor = order.status === 'awaiting_release' && reasons.length > 0 ? reasons.join('; ') : null;
    return {
      orderId: order.id,
      transactionId: sale.id,
      vehicle: vehicleName(vehicle),
      vin: vehicle.vin,
      dealerName,
      status: order.status,
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
  });
  const rank = (r: TransportBoardRow) => (r.pickupLate ? 0 : r.status === 'awaiting_release' ? 1 : 2);
  return board.sort(
    (a, b) =>
      rank(a) - rank(b) || a.pickupWindow.to.localeCompare(b.pickupWindow.to) || b.orderId - a.orderId,
  );
}

export async function transportBoardRow(db: Executor, orderId: number) {
  const [row] = await findTransportBoard(db, eq(transportOrders.id, orderId));
  if (!row) throw notFound(DELIVERY_TEXT.orderNotFound);
  return row;
}
