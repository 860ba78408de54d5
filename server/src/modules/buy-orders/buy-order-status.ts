import type { BuyOrderStatus } from '@contracts/buy-orders';
import { AUCTION_CERTIFIED } from '@contracts/limits';
import { type SQL, sql } from 'drizzle-orm';
import { buyOrders } from '../../db/schema';
import { marketTodaySql } from '../../lib/sale-terms-setting';

/**
 * The one place an order's status is read (docs/design.md §13): the stored status, except that an open
 * order whose needed-by date has passed (the marketplace's calendar: the sale terms' time zone) is expired. Matching, the
 * dealer's list and the admin's views all read it from here.
 */
export const effectiveStatusSql: SQL<BuyOrderStatus> = sql<BuyOrderStatus>`case when ${buyOrders.status} = 'open' and ${buyOrders.neededBy} < ${marketTodaySql} then 'expired' else ${buyOrders.status} end`;

/** Orders a new car may still count toward: open, not past their date, not yet filled. */
export const isMatchableSql = sql`${buyOrders.status} = 'open' and ${buyOrders.neededBy} >= ${marketTodaySql} and ${buyOrders.filled} < ${buyOrders.quantity}`;

/**
 * What a car must be to match an order, the one definition publishing and buying both use: in SQL
 * over a vehicle aliased `v`, an order target aliased `t` and the `buy_orders` row.
 */
export const targetMatchesSql = sql`t.make = lower(v.make) and (t.model is null or t.model = lower(v.model))`;
export const criteriaMatchSql = sql`(buy_orders.year_min is null or v.year >= buy_orders.year_min)
  and (buy_orders.year_max is null or v.year <= buy_orders.year_max)
  and (buy_orders.max_miles is null or v.mileage <= buy_orders.max_miles)
  and (buy_orders.max_price is null or v.price <= buy_orders.max_price)
  and (buy_orders.min_grade is null or v.grade >= buy_orders.min_grade)
  and (buy_orders.certification = 'all'
    or (buy_orders.certification = 'auction' and v.condition = ${AUCTION_CERTIFIED})
    or (buy_orders.certification = 'premium' and v.condition <> ${AUCTION_CERTIFIED}))`;
