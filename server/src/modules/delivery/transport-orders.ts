import { dateInZone } from '@contracts/business-days';
import type { TransportArranger } from '@contracts/delivery';
import {
  DELIVERY_TEXT,
  type TransportQuote,
  type TransportRequest,
  type TransportStatus,
  transportRequestSchema,
} from '@contracts/delivery';
import type { SaleWorkOrder } from '@contracts/work-orders';
import { and, eq, ne } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, Executor, Transaction } from '../../db/client';
import { dealers, transactionEvents, transactions, transportOrders, vehicles } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import { withRetries } from '../../lib/db-errors';
import { placeOfZip } from '../../lib/zip';
import { writeAudit } from '../audit/write-audit';
import { enqueueIntegration } from '../integrations/integration-outbox';
import { transportToArrangeMessage, transportUpdateMessage } from '../notifications/delivery-messages';
import { enqueueNotifications } from '../notifications/enqueue-notifications';
import { assertDealWithinLimits } from '../transactions/deal-limits';
import { gatePassNotices } from '../transactions/gate-pass-notice';
import { saleStatesOf, syncPaidFlag } from '../transactions/sale-timeline';
import { saleFactsOf } from '../transactions/transaction-views';
import { lockVehicle } from '../vehicle-rows/vehicle-rows';
import { quoteTransport, transportWindows } from './transport-quote';

export type DeliveryConfig = Pick<Config, 'transport' | 'carrier' | 'brand' | 'sellerAddress'>;
type SaleRow = typeof transactions.$inferSelect;
type OrderRow = typeof transportOrders.$inferSelect;

const arrangedByOf = (config: DeliveryConfig) => (config.carrier ? 'carrier' : 'team') as TransportArranger;

/** The quote for a car (its location ZIP or the lot's) to a ZIP, on `day`. */
export function quoteForVehicle(
  vehicle: Pick<typeof vehicles.$inferSelect, 'locationZip' | 'inoperable'>,
  toZip: string,
  enclosed: boolean,
  config: DeliveryConfig,
  day: string,
): TransportQuote {
  return quoteTransport({
    from: placeOfZip(vehicle.locationZip ?? config.transport.lotZip),
    to: placeOfZip(toZip),
    enclosed,
    inoperable: vehicle.inoperable,
    rates: config.transport.rates,
    releasedOn: day,
    arrangedBy: arrangedByOf(config),
  });
}

/**
 * The day a sale's car is expected to be released, from which a quote's windows count: today, or
 * the day its open work order is promised (the package's business days), whichever is later.
 */
export const releaseEstimate = (today: string, workOrder: SaleWorkOrder | null) =>
  workOrder &&
  (workOrder.status === 'to_do' || workOrder.status === 'in_progress') &&
  workOrder.promisedOn > today
    ? workOrder.promisedOn
    : today;

/** The sale's open transport order, if any, locked. */
export async function lockLiveOrder(tx: Executor, transactionId: number) {
  const [order] = await tx
    .select()
    .from(transportOrders)
    .where(and(eq(transportOrders.transactionId, transactionId), ne(transportOrders.status, 'cancelled')))
    .for('update');
  return order ?? null;
}

async function insertSaleEvent(
  tx: Executor,
  sale: Pick<SaleRow, 'id' | 'dealerId'>,
  type: string,
  data: Record<string, unknown>,
  actor: { type: string; id: number | null },
) {
  const [event] = await tx
    .insert(transactionEvents)
    .values({
      transactionId: sale.id,
      dealerId: sale.dealerId,
      type,
      data,
      actorType: actor.type,
      actorId: actor.id,
    })
    .returning({ id: transactionEvents.id });
  return event!.id;
}

/**
 * Orders certified delivery for a sale inside the caller's DB transaction (Buy Now's, or the
 * dealer's later order): the quote is made again here (the price charged is the server's), the
 * order row and its `transport_ordered` step (a charge on the ledger) are written together, and it
 * is released at once when the sale may be released. Refused for a cancelled sale, one already
 * handed over, or one with a live order.
 */
export async function orderTransportInTx(
  tx: Transaction,
  sale: SaleRow,
  body: TransportRequest,
  actor: Actor,
  config: DeliveryConfig,
) {
  const request = transportRequestSchema.parse(body);
  if (sale.cancelled) throw conflict(DELIVERY_TEXT.saleCancelled);
  if (await lockLiveOrder(tx, sale.id)) throw conflict(DELIVERY_TEXT.alreadyOrdered);
  const [state] = await saleStatesOf(tx, [sale]);
  if (state!.pickupStatus === 'picked_up' || state!.pickupStatus === 'delivered')
    throw conflict(DELIVERY_TEXT.alreadyHandedOver);
  const [vehicle] = await tx.select().from(vehicles).where(eq(vehicles.id, sale.vehicleId));
  // Quoted from the day the car may leave: not before its reconditioning is promised (issue #44).
  const today = dateInZone(new Date(), sale.terms.timeZone);
  const quote = quoteForVehicle(
    vehicle!,
    request.toZip,
    request.enclosed,
    config,
    releaseEstimate(today, state!.workOrder),
  );
  const [order] = await tx
    .insert(transportOrders)
    .values({
      transactionId: sale.id,
      status: 'awaiting_release',
      arrangedBy: quote.arrangedBy,
      pickupBy: quote.pickupWindow.to,
    })
    .returning();
  const orderedEventId = await insertSaleEvent(
    tx,
    sale,
    'transport_ordered',
    {
      orderId: order!.id,
      status: 'awaiting_release',
      arrangedBy: quote.arrangedBy,
      fromZip: quote.fromZip,
      fromPlace: quote.fromPlace,
      toZip: quote.toZip,
      toPlace: quote.toPlace,
      address: request.address,
      notes: request.notes,
      miles: quote.miles,
      enclosed: quote.enclosed,
      inoperable: quote.inoperable,
      amount: quote.price,
      breakdown: quote.breakdown,
      pickupWindow: quote.pickupWindow,
      deliveryWindow: quote.deliveryWindow,
    },
    actor,
  );
  // The dealership's delivery ZIP is the last one it had a car brought to (its next quote's default).
  await tx.update(dealers).set({ deliveryZip: quote.toZip }).where(eq(dealers.id, sale.dealerId));
  await writeAudit(tx, actor, {
    entity: 'transport_order',
    entityId: order!.id,
    action: 'ordered',
    after: { transactionId: sale.id, ...quote, address: request.address },
  });
  // A delivery ordered after the sale is a later charge: the buyer's limits apply to the deal with it.
  await assertDealWithinLimits(tx, sale.id);
  await syncPaidFlag(tx, sale.id);
  await releaseIfReady(tx, order!, config);
  // A later charge that leaves money owed withdraws a gate pass issued before; the dealer is told.
  const [after] = await saleStatesOf(tx, [sale]);
  await enqueueNotifications(tx, await gatePassNotices(tx, sale, state!, after!, orderedEventId));
  return order!;
}

/** POST /api/dealer/transactions/:id/transport: the buying dealer orders delivery after the sale. */
export function orderTransport(
  db: Database,
  transactionId: number,
  body: TransportRequest,
  actor: Actor,
  config: DeliveryConfig,
) {
  return withRetries(() =>
    db.transaction(async (tx) => {
      const sale = await lockOwnSale(tx, transactionId, actor);
      await orderTransportInTx(tx, sale, body, actor, config);
      return sale.id;
    }),
  );
}

/** The sale, locked in the order every sale change takes (vehicle, then transaction); a dealer's own only. */
export async function lockOwnSale(tx: Transaction, transactionId: number, actor: Actor) {
  const [found] = await tx.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!found || (actor.type === 'dealer' && found.dealerId !== actor.id))
    throw notFound(DELIVERY_TEXT.saleNotFound);
  await lockVehicle(tx, found.vehicleId);
  const [sale] = await tx.select().from(transactions).where(eq(transactions.id, transactionId)).for('update');
  return sale!;
}

export interface StatusReport {
  at?: Date;
  /** New windows (the release day's), replacing the quote's. */
  windows?: { pickupWindow: { from: string; to: string }; deliveryWindow: { from: string; to: string } };
  eta?: string | null;
  carrierName?: string | null;
  carrierReference?: string | null;
  note?: string | null;
  bolUrl?: string | null;
}

/**
 * The one writer of a transport's status: the order row (what the board filters on, the latest
 * report's time) and the sale's `transport_status` step in the caller's transaction, the dealer
 * told of the steps they wait for (assigned, picked up, in transit, delivered) through the outbox.
 * `moves` false: a late report of an earlier status, recorded in the history without moving it.
 */
export async function recordTransportStatus(
  tx: Executor,
  order: OrderRow,
  status: TransportStatus,
  report: StatusReport,
  actor: { type: 'admin' | 'system' | 'carrier'; id: number | null },
  moves = true,
) {
  const at = report.at ?? new Date();
  if (moves || report.windows)
    await tx
      .update(transportOrders)
      .set({
        ...(moves
          ? {
              status,
              updatedAt: new Date(),
              ...(actor.type === 'carrier' ? { lastReportAt: at } : {}),
              ...(report.carrierReference ? { carrierNumber: report.carrierReference } : {}),
            }
          : {}),
        // The release's windows replace the quote's on the timeline (the fold reads the latest): the
        // row's pickup day follows, for the board's sort and its late-pickup narrowing
        // (transport-board-page.ts).
        ...(report.windows ? { pickupBy: report.windows.pickupWindow.to } : {}),
      })
      .where(eq(transportOrders.id, order.id));
  const [sale] = await tx.select().from(transactions).where(eq(transactions.id, order.transactionId));
  await insertSaleEvent(
    tx,
    sale!,
    'transport_status',
    {
      orderId: order.id,
      status,
      at: at.toISOString(),
      eta: report.eta ?? null,
      carrierName: report.carrierName ?? null,
      carrierReference: report.carrierReference ?? order.carrierNumber ?? null,
      note: report.note ?? null,
      bolUrl: report.bolUrl ?? null,
      ...(report.windows ?? {}),
    },
    { type: actor.type, id: actor.id },
  );
  await writeAudit(
    tx,
    { type: actor.type === 'carrier' ? 'system' : actor.type, id: actor.id },
    {
      entity: 'transport_order',
      entityId: order.id,
      action: `status:${status}`,
      before: { status: order.status },
      after: { status, ...report, at: at.toISOString(), moves },
    },
  );
  if (!moves || !['assigned', 'picked_up', 'in_transit', 'delivered'].includes(status)) return;
  const [state] = await saleStatesOf(tx, [sale!]);
  // The dealer confirmed the arrival themselves: no message asking them to confirm it.
  if (status === 'delivered' && state!.deliveryConfirmation && !state!.deliveryConfirmation.held) return;
  const transport = state!.transport;
  const facts = await saleFactsOf(tx, sale!);
  await enqueueNotifications(tx, [
    {
      event: 'transport_update',
      // One message per step: the order and its status (a repeated report is one message).
      entityId: order.id * 10 + ['assigned', 'picked_up', 'in_transit', 'delivered'].indexOf(status),
      to: [{ dealerId: sale!.dealerId, contact: 'main' }],
      message: transportUpdateMessage({
        vehicle: facts.vehicle,
        transactionId: sale!.id,
        dealerName: facts.dealerName,
        status,
        carrierName: transport?.carrierName ?? null,
        eta: transport?.eta ?? null,
        route: transport ? `${transport.fromPlace} → ${transport.toPlace}` : '',
      }),
    },
  ]);
}

/**
 * Releases an order waiting for the sale to be releasable (paid, or the lender approved; the
 * reconditioning done): it becomes `unassigned` and, with a carrier configured, its load goes to the
 * carrier through the integration outbox; without one, the admins are asked to book it. Nothing
 * happens while the sale may not be released. Answers whether it released.
 */
export async function releaseIfReady(tx: Executor, order: OrderRow, config: DeliveryConfig) {
  if (order.status !== 'awaiting_release') return false;
  const [sale] = await tx.select().from(transactions).where(eq(transactions.id, order.transactionId));
  if (!sale || sale.cancelled) return false;
  const [state] = await saleStatesOf(tx, [sale]);
  if (!state!.canRelease || !state!.transport) return false;
  // The windows count from today, the day it is released, not from the day it was quoted.
  const windows = transportWindows(dateInZone(new Date(), sale.terms.timeZone), state!.transport.miles);
  await recordTransportStatus(tx, order, 'unassigned', { windows }, { type: 'system', id: null });
  const transport = { ...state!.transport, ...windows };
  const facts = await saleFactsOf(tx, sale);
  if (order.arrangedBy === 'carrier') {
    const [dealer] = await tx.select().from(dealers).where(eq(dealers.id, sale.dealerId));
    await enqueueIntegration(tx, {
      target: 'carrier',
      action: 'create_order',
      entityId: order.id,
      key: `transport-${order.id}-create`,
      payload: {
        number: `DM-T${order.id}`,
        transport_type: transport.enclosed ? 'ENCLOSED' : 'OPEN',
        price: Number(transport.price),
        instructions: `Wholesale sale #${sale.id}. Inspect at pickup and delivery; photos required.`,
        pickup: {
          first_available_pickup_date: transport.pickupWindow.from,
          scheduled_at: transport.pickupWindow.from,
          scheduled_ends_at: transport.pickupWindow.to,
          date_type: 'estimated',
          venue: {
            name: config.brand.productName,
            address: config.sellerAddress?.split('\n')[0] ?? '',
            ...placeParts(transport.fromPlace),
            zip: transport.fromZip,
          },
        },
        delivery: {
          scheduled_at: transport.deliveryWindow.from,
          scheduled_ends_at: transport.deliveryWindow.to,
          date_type: 'estimated',
          notes: '',
          venue: {
            name: dealer!.dealerName,
            address: transport.address,
            ...placeParts(transport.toPlace),
            zip: transport.toZip,
            business_type: 'DEALER',
            contact_name: dealer!.contactName,
            contact_phone: dealer!.phone,
          },
        },
        vehicles: [
          {
            vin: facts.vehicle.vin,
            year: facts.vehicle.year,
            make: facts.vehicle.make ?? '',
            model: facts.vehicle.model ?? '',
            is_inoperable: transport.inoperable,
            type: 'other',
          },
        ],
      },
    });
  } else {
    await enqueueNotifications(tx, [
      {
        event: 'transport_to_arrange',
        entityId: order.id,
        to: [{ admins: true }],
        message: transportToArrangeMessage({
          vehicle: facts.vehicle,
          transactionId: sale.id,
          dealerName: facts.dealerName,
          route: `${transport.fromPlace} → ${transport.toPlace}`,
          miles: transport.miles,
          price: transport.price,
          pickupBy: transport.pickupWindow.to,
        }),
      },
    ]);
  }
  return true;
}

/** "Grand Prairie, TX" → its city and state. */
const placeParts = (place: string) => {
  const [city = '', state = ''] = place.split(/,\s*/);
  return { city, state };
};

/**
 * The release pass (every INTEGRATION_INTERVAL_MS on each instance): orders waiting for release
 * whose sale became releasable meanwhile (a payment, a lender's approval, the work order done) are
 * released, one DB transaction each, skipping rows another instance holds.
 */
export async function releaseWaitingTransports(db: Database, config: DeliveryConfig) {
  const waiting = await db
    .select({ transactionId: transportOrders.transactionId })
    .from(transportOrders)
    .where(eq(transportOrders.status, 'awaiting_release'))
    .limit(200);
  let released = 0;
  for (const { transactionId } of waiting) {
    const done = await withRetries(() =>
      db.transaction(async (tx) => {
        // The sale first (vehicle, then transaction), then its order: the order of every sale change.
        await lockOwnSale(tx, transactionId, { type: 'system', id: null });
        const order = await lockLiveOrder(tx, transactionId);
        return order ? releaseIfReady(tx, order, config) : false;
      }),
    );
    if (done) released++;
  }
  return released;
}
