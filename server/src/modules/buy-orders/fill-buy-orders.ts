import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { criteriaMatchSql, targetMatchesSql } from './buy-order-status';

/**
 * A purchase counts toward the buying dealership's oldest order the car matches (docs/design.md §13:
 * "an order is filled by purchases that match it"), open or paused and not yet filled, whether
 * the car was alerted to it or bought before the order was placed: the order's match row names
 * the sale, `filled` grows, and at its quantity the order is filled. In the sale's transaction.
 */
export async function fillBuyOrders(
  tx: Transaction,
  sale: { dealerId: number; vehicleId: number; price: string; transactionId: number },
) {
  await tx.execute(sql`
    with v as (
      select id, year, make, model, mileage, ${sale.price}::numeric as price, grade, condition
      from vehicles where id = ${sale.vehicleId}
    ),
    chosen as (
      select buy_orders.id from v
      join buy_order_targets t on ${targetMatchesSql}
      join buy_orders on buy_orders.id = t.order_id
      where buy_orders.dealer_id = ${sale.dealerId} and buy_orders.status in ('open', 'paused')
        and buy_orders.filled < buy_orders.quantity and ${criteriaMatchSql}
      order by buy_orders.id
      limit 1
      -- Two purchases at once wait here: the second sees the first's count (never past quantity).
      for update of buy_orders
    ),
    counted as (
      insert into buy_order_matches (order_id, vehicle_id, reason, transaction_id)
      select id, ${sale.vehicleId}, 'published', ${sale.transactionId} from chosen
      on conflict (order_id, vehicle_id) do update set transaction_id = excluded.transaction_id
    )
    update buy_orders set filled = filled + 1,
      status = case when filled + 1 >= quantity then 'filled' else status end,
      updated_at = now()
    where id = (select id from chosen)
  `);
}

/** A cancelled sale gives its order the car back (the order reopens if the sale had filled it). */
export async function unfillBuyOrders(tx: Transaction, transactionId: number) {
  await tx.execute(sql`
    with released as (
      update buy_order_matches set transaction_id = null
      where transaction_id = ${transactionId}
      returning order_id
    )
    update buy_orders set filled = filled - 1,
      status = case when status = 'filled' then 'open' else status end,
      updated_at = now()
    where id in (select order_id from released)
  `);
}
