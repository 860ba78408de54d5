import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sightAtLeastSql } from '../car-visibility/car-visibility';
import { enqueueNotifications, type Notification } from '../notifications/enqueue-notifications';
import { type VehicleFactsRow, vehicleFactsOfRow } from '../notifications/notification-messages';
import { type WatchedVehicleChange, watchedVehicleMessage } from '../notifications/watchlist-messages';

/**
 * What happened to a watched car, with the row that records it (its id keys the messages) and the
 * dealership that caused it, which is not told of its own act.
 */
export type WatchedEvent =
  | { reason: 'price_drop'; vehicleId: number; auditId: number; oldPrice: string; newPrice: string }
  | { reason: 'offer_expired'; vehicleId: number; offerId: number; offererDealerId: number }
  | { reason: 'sold'; vehicleId: number; transactionId: number; buyerDealerId: number };

/**
 * The outbox keys a message by event × entityId × recipient × channel, and one event name carries
 * the three reasons, whose rows come from three tables (audit_log, offers, transactions): the
 * entityId is the row's id times 4 plus the reason's code, so an offer 7 and a sale 7 never share a
 * key. Each row happens once, so a replay of the same change (a retried sweep, a second call in the
 * transaction) inserts nothing, while the next price drop (a new audit row), the next expired offer
 * or a second sale after an unwind (a new transaction) is told again. Ids stay far below 2^51, so ×4 is an exact
 * JavaScript number.
 */
const REASON_CODE = { price_drop: 1, offer_expired: 2, sold: 3 } as const;
const entityIdOf = (event: WatchedEvent) =>
  (event.reason === 'price_drop'
    ? event.auditId
    : event.reason === 'offer_expired'
      ? event.offerId
      : event.transactionId) *
    4 +
  REASON_CODE[event.reason];

const changeOf = (event: WatchedEvent): WatchedVehicleChange =>
  event.reason === 'price_drop'
    ? { reason: 'price_drop', oldPrice: event.oldPrice, newPrice: event.newPrice }
    : { reason: event.reason };

interface WatcherRow extends VehicleFactsRow, Record<string, unknown> {
  dealer_id: number;
  person_email: string | null;
  person_name: string | null;
}

/**
 * Tells everyone watching the car (Watch on; a favorite alone is not told) who may see it
 * (car-visibility.ts: what was shown them on sale, at least) of the change, in the
 * caller's transaction (docs/design.md §6): each person at their own address, or — a dealership without a
 * team, or a member since disabled — the dealership's main contact, as buy-order alerts go. The
 * dealership that bought the car or made the expired offer is left out: it knows (the offerer gets
 * offer_expired). An expired offer is told only while the car is still for sale.
 */
export async function notifyWatchers(tx: Executor, event: WatchedEvent) {
  const excluded =
    event.reason === 'price_drop'
      ? null
      : event.reason === 'sold'
        ? event.buyerDealerId
        : event.offererDealerId;
  const result = (await tx.execute(sql`
    select e.dealer_id, u.email as person_email, u.name as person_name,
      v.id as vehicle_id, v.year, v.make, v.model, v.vin, v.price::text as price
    from watchlist_entries e
    join vehicles v on v.id = e.vehicle_id
    join dealers d on d.id = e.dealer_id and d.active
    left join dealer_users u on u.id = e.dealer_user_id and u.disabled_at is null
    where e.vehicle_id = ${event.vehicleId} and e.watching
      and ${sightAtLeastSql({ type: 'dealer', id: sql`e.dealer_id` }, 'past', 'v')}
      ${excluded === null ? sql`` : sql`and e.dealer_id <> ${excluded}`}
      ${event.reason === 'offer_expired' ? sql`and v.status = 'active' and not v.in_queue` : sql``}
    order by e.id
  `)) as unknown as { rows: WatcherRow[] };
  if (result.rows.length === 0) return 0;
  const entityId = entityIdOf(event);
  const change = changeOf(event);
  const messages: Notification[] = result.rows.map((row) => ({
    event: 'watched_vehicle',
    entityId,
    to: [
      row.person_email ? { email: row.person_email } : { dealerId: Number(row.dealer_id), contact: 'main' },
    ],
    message: watchedVehicleMessage({
      vehicle: vehicleFactsOfRow(row),
      change,
      personName: row.person_email ? row.person_name : null,
    }),
  }));
  await enqueueNotifications(tx, messages);
  return messages.length;
}

/**
 * A price drop's watchers, told from inside the publication's matching (matchPublication): the drop
 * is the listing edit's audit row, just written in this transaction, which holds the old and the new
 * price and whose id keys the messages (one per drop).
 */
export async function notifyWatchersOfPriceDrop(tx: Executor, vehicleId: number) {
  const result = (await tx.execute(sql`
    select id, before->>'price' as old_price, after->>'price' as new_price
    from audit_log
    where entity = 'vehicle' and entity_id = ${vehicleId} and action = 'listing_edited'
      and after->>'price' is not null
    order by id desc limit 1
  `)) as unknown as { rows: { id: number; old_price: string | null; new_price: string | null }[] };
  const edit = result.rows[0];
  // No audited edit with an old price (a drop is an edit of a priced listing): nothing to tell.
  if (!edit?.old_price || !edit.new_price) return 0;
  return notifyWatchers(tx, {
    reason: 'price_drop',
    vehicleId,
    auditId: Number(edit.id),
    oldPrice: edit.old_price,
    newPrice: edit.new_price,
  });
}
