import { BUY_ORDER_HISTORY_TEXT, type BuyOrderHistory, type OrderMatch } from '@contracts/buy-order-history';
import { toE164 } from '@contracts/phone';
import { and, desc, eq, inArray, not } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  buyOrderMatches,
  buyOrders,
  dealers,
  dealerUsers,
  notifications,
  transactions,
  vehicles,
} from '../../db/schema';
import { vehicleNameColumns } from '../../db/vehicle-columns';
import { notFound } from '../../lib/app-error';
import { idempotencyKeyOf } from '../notifications/enqueue-notifications';
import { vehicleName } from '../notifications/notification-messages';
import { buyOrderViews } from './find-buy-orders';

const sale = alias(transactions, 'sale');
const buyer = alias(dealers, 'buyer');

/**
 * One order's history for the admin (docs/design.md §13): every car it matched, newest first, with the
 * first-look hold, the alert each match sent and its delivery state, and what became of the car.
 * A fixed number of queries however many matches: the order, its matches with their sales, and
 * the alerts looked up by their outbox keys (event, car, recipient, channel: enqueue-notifications).
 */
export async function getBuyOrderHistory(db: Executor, orderId: number): Promise<BuyOrderHistory> {
  const [owner] = await db
    .select({
      dealerName: dealers.dealerName,
      dealerEmail: dealers.email,
      dealerPhone: dealers.phone,
      personEmail: dealerUsers.email,
    })
    .from(buyOrders)
    .innerJoin(dealers, eq(dealers.id, buyOrders.dealerId))
    .leftJoin(dealerUsers, eq(dealerUsers.id, buyOrders.dealerUserId))
    .where(eq(buyOrders.id, orderId));
  if (!owner) throw notFound(BUY_ORDER_HISTORY_TEXT.notFound);
  const [view] = await buyOrderViews(db, eq(buyOrders.id, orderId), 1);
  const { matches: _latest, ...order } = view!;

  const rows = await db
    .select({
      vehicleId: buyOrderMatches.vehicleId,
      reason: buyOrderMatches.reason,
      matchedAt: buyOrderMatches.matchedAt,
      firstLookUntil: buyOrderMatches.firstLookUntil,
      ...vehicleNameColumns,
      price: vehicles.price,
      vehicleStatus: vehicles.status,
      ownAmount: transactions.amount,
      ownAt: transactions.createdAt,
      saleAmount: sale.amount,
      saleAt: sale.createdAt,
      buyer: buyer.dealerName,
    })
    .from(buyOrderMatches)
    .innerJoin(vehicles, eq(vehicles.id, buyOrderMatches.vehicleId))
    .leftJoin(transactions, eq(transactions.id, buyOrderMatches.transactionId))
    // The car's live sale, whoever made it (one at most: transactions_one_open_per_vehicle).
    .leftJoin(sale, and(eq(sale.vehicleId, vehicles.id), not(sale.cancelled)))
    .leftJoin(buyer, eq(buyer.id, sale.dealerId))
    .where(eq(buyOrderMatches.orderId, orderId))
    .orderBy(desc(buyOrderMatches.matchedAt), desc(buyOrderMatches.vehicleId));

  // Where the order's alerts went: the person who placed it, or (no person, or a disabled one)
  // the dealership's main contact by e-mail and SMS.
  const addresses: [string, 'email' | 'sms'][] = [[owner.dealerEmail, 'email']];
  if (owner.personEmail) addresses.push([owner.personEmail, 'email']);
  const phone = toE164(owner.dealerPhone);
  if (phone) addresses.push([phone, 'sms']);
  const keys = rows.flatMap((row) =>
    addresses.map(([address, channel]) =>
      idempotencyKeyOf('buy_order_match', row.vehicleId, address, channel),
    ),
  );
  const alerts = keys.length
    ? await db
        .select({
          idempotencyKey: notifications.idempotencyKey,
          channel: notifications.channel,
          recipient: notifications.recipient,
          status: notifications.status,
          createdAt: notifications.createdAt,
          sentAt: notifications.sentAt,
          payload: notifications.payload,
        })
        .from(notifications)
        .where(inArray(notifications.idempotencyKey, keys))
        .orderBy(notifications.id)
    : [];

  const matches: OrderMatch[] = rows.map((row) => ({
    vehicleId: row.vehicleId,
    title: vehicleName(row),
    vin: row.vin,
    price: row.price,
    reason: row.reason,
    matchedAt: row.matchedAt.toISOString(),
    firstLookUntil: row.firstLookUntil?.toISOString() ?? null,
    alerts: alerts
      .filter((alert) => alert.idempotencyKey.startsWith(`buy_order_match:${row.vehicleId}:`))
      .map((alert) => ({
        channel: alert.channel,
        recipient: alert.recipient,
        status: alert.status,
        createdAt: alert.createdAt.toISOString(),
        sentAt: alert.sentAt?.toISOString() ?? null,
        orderId: alertOrderId(alert.payload),
      })),
    outcome: outcomeOf(row),
  }));
  return {
    ...order,
    dealerName: owner.dealerName,
    dealerEmail: owner.dealerEmail,
    personEmail: owner.personEmail,
    matchCount: matches.length,
    alertsSent: matches.flatMap((m) => m.alerts).filter((a) => a.status === 'sent' && a.orderId === orderId)
      .length,
    matches,
  };
}

function outcomeOf(row: {
  ownAmount: string | null;
  ownAt: Date | null;
  saleAmount: string | null;
  saleAt: Date | null;
  buyer: string | null;
  vehicleStatus: string;
}): OrderMatch['outcome'] {
  if (row.ownAmount !== null)
    return { kind: 'bought', amount: row.ownAmount, soldAt: row.ownAt?.toISOString() ?? null, buyer: null };
  if (row.saleAmount !== null || row.vehicleStatus === 'sold')
    return {
      kind: 'sold',
      amount: row.saleAmount,
      soldAt: row.saleAt?.toISOString() ?? null,
      buyer: row.buyer,
    };
  return {
    kind: row.vehicleStatus === 'active' ? 'available' : 'withdrawn',
    amount: null,
    soldAt: null,
    buyer: null,
  };
}

/** The order a match alert named (its template's facts). */
function alertOrderId(payload: unknown) {
  const facts = (payload as { facts?: { orderId?: unknown } }).facts;
  return typeof facts?.orderId === 'number' ? facts.orderId : null;
}
