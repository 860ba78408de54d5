import type { MatchReason } from '@contracts/buy-order-history';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { marketTimeZoneSql } from '../../lib/sale-terms-setting';
import { sightAtLeastSql } from '../car-visibility/car-visibility';
import { buyOrderMatchMessage } from '../notifications/buy-order-messages';
import { type VehicleFactsRow, vehicleFactsOfRow } from '../notifications/notification-messages';
import { criteriaMatchSql, isMatchableSql, targetMatchesSql } from './buy-order-status';
import {
  type AlertDeliveryRow,
  alertDeliveryColumnsSql,
  alertDeliveryJoinSql,
  deliverAlerts,
} from './deliver-alerts';

/**
 * Matches one vehicle, just published (or cheaper than before), against every open order, in the
 * caller's transaction with the vehicle row locked (docs/design.md §13): one SQL statement finds the
 * orders through the make/model index, records each new (order, vehicle) pair, and each new pair's
 * alert goes to the outbox in the same transaction — to the person who placed the order, or the
 * dealership's main contact. A pair matched before is not alerted again, and a person whose
 * several orders match one car gets one message.
 */
export async function matchBuyOrders(tx: Transaction, vehicleId: number, reason: MatchReason) {
  const matched = await recordMatches(tx, vehicleId, reason);
  await alertMatches(tx, matched, reason);
  return matched.map((row) => Number(row.order_id));
}

type MatchedRow = Awaited<ReturnType<typeof recordMatches>>[number];

/**
 * The open orders a car matches (order id, dealer id): the one matching rule, used to record
 * matches and to answer the Complete dialog's "N open orders match". The car must be published, or
 * completed and held for a first look (still in the queue), or being completed (the dialog's try).
 * An order's dealership hears only of a car it may see (car-visibility.ts): a held car matches the
 * orders of the dealerships it is held for — and, while the hold is being made (no dealership
 * holds it yet: the completion's own matching), the orders that will hold it. The others hear of it
 * when it is published to everyone.
 */
export const matchingOrdersSql = (vehicleId: number) => sql`
  select distinct buy_orders.id as order_id, buy_orders.dealer_id, v.id as vehicle_id
  from (
    select id, status, in_queue, first_look_until, listed_at, year, make, model, trim, vin, price, mileage, grade, condition,
      not exists (select 1 from buy_order_matches h where h.vehicle_id = vehicles.id and h.first_look_until is not null)
        as hold_unmade
    from vehicles where id = ${vehicleId} and status = 'active' and (not in_queue or first_look_until is not null)
  ) v
  join buy_order_targets t on ${targetMatchesSql}
  join buy_orders on buy_orders.id = t.order_id
  where ${isMatchableSql} and ${criteriaMatchSql}
    and (v.hold_unmade or ${sightAtLeastSql({ type: 'dealer', id: sql`buy_orders.dealer_id` }, 'listing', 'v')})`;

/**
 * A new order against the cars already on sale that its dealership may see (issue #44): the same
 * rule as publishing (targets, criteria, car-visibility.ts), recorded as matches, so the order
 * lists them at once instead of "No match yet". No alert: the dealer is looking at the answer.
 */
export async function matchListedCars(tx: Transaction, orderId: number) {
  const result = (await tx.execute(sql`
    insert into buy_order_matches (order_id, vehicle_id, reason)
    select distinct buy_orders.id, v.id, 'published'
    from vehicles v
    join buy_order_targets t on t.order_id = ${orderId} and ${targetMatchesSql}
    join buy_orders on buy_orders.id = t.order_id
    where v.status = 'active' and ${isMatchableSql} and ${criteriaMatchSql}
      and ${sightAtLeastSql({ type: 'dealer', id: sql`buy_orders.dealer_id` }, 'listing', 'v')}
    on conflict (order_id, vehicle_id) do nothing
    returning vehicle_id
  `)) as unknown as { rows: { vehicle_id: number }[] };
  return result.rows.map((row) => Number(row.vehicle_id));
}

/** The matching statement: the new (order, car) pairs, recorded, with what their alerts name. */
export async function recordMatches(tx: Transaction, vehicleId: number, reason: MatchReason) {
  const result = (await tx.execute(sql`
    with vehicle as (
      select id, year, make, model, trim, vin, price, mileage, first_look_until from vehicles where id = ${vehicleId}
    ),
    matched as (
      insert into buy_order_matches (order_id, vehicle_id, reason)
      select m.order_id, m.vehicle_id, ${reason} from (${matchingOrdersSql(vehicleId)}) m
      on conflict (order_id, vehicle_id) do nothing
      returning order_id
    )
    select m.order_id, o.dealer_id, o.alerts, o.quantity, o.filled, u.email as person_email, u.name as person_name,
      v.id as vehicle_id, v.year, v.make, v.model, v.vin, v.price, v.mileage, v.first_look_until,
      ${marketTimeZoneSql} as time_zone, ${alertDeliveryColumnsSql('o')}
    from matched m
    join buy_orders o on o.id = m.order_id
    left join dealer_users u on u.id = o.dealer_user_id and u.disabled_at is null
    ${alertDeliveryJoinSql('o')}
    cross join vehicle v
    order by m.order_id
  `)) as unknown as {
    rows: (VehicleFactsRow &
      AlertDeliveryRow & {
        order_id: number;
        /** The order's alerts: off records the match and lists it, but mails nothing. */
        alerts: boolean;
        dealer_id: number;
        quantity: number;
        filled: number;
        person_email: string | null;
        person_name: string | null;
        mileage: number | null;
        /** Held for a first look for the order's dealership until then (completed with a hold). */
        first_look_until: string | Date | null;
        time_zone: string;
      })[];
  };
  return result.rows;
}

/**
 * Each new pair's alert, as its order asks (deliver-alerts.ts): instantly or in the daily digest,
 * by e-mail and/or text. Instantly, a person whose several orders match one car hears of it once
 * (the outbox key is the car's), naming the first order.
 */
export async function alertMatches(tx: Transaction, rows: MatchedRow[], reason: MatchReason) {
  await deliverAlerts(
    tx,
    rows
      .filter((row) => row.alerts)
      .map((row) => {
        const vehicle = vehicleFactsOfRow(row);
        return {
          row,
          event: 'buy_order_match' as const,
          vehicleId: vehicle.id,
          message: buyOrderMatchMessage({
            vehicle,
            mileage: row.mileage === null ? null : Number(row.mileage),
            orderId: Number(row.order_id),
            reason,
            personName: row.person_name,
            ...(row.first_look_until === null
              ? {}
              : {
                  firstLook: { until: new Date(row.first_look_until).toISOString(), timeZone: row.time_zone },
                }),
          }),
          entry: { kind: 'buy_order' as const, id: Number(row.order_id), name: null, vehicle, reason },
        };
      }),
  );
}
