import type { Demand } from '@contracts/buy-orders';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { buyOrders } from '../../db/schema';
import { isMatchableSql, targetMatchesSql } from './buy-order-status';
import { buyOrderViews } from './find-buy-orders';

/**
 * Admin → Demand (docs/design.md §13): the open orders grouped by make, model and the years they ask
 * for (cars still wanted, budgets, age, matches), and every order with its dealership, its matches
 * and the alerts that reached it. Computed in SQL from the order tables.
 */
export async function findDemand(db: Executor): Promise<Demand> {
  const grouped = (await db.execute(sql`
    select t.make_label as make, t.model_label as model, buy_orders.year_min, buy_orders.year_max,
      count(distinct buy_orders.id)::int as orders,
      count(distinct buy_orders.dealer_id)::int as dealers,
      sum(buy_orders.quantity - buy_orders.filled)::int as cars_wanted,
      min(buy_orders.max_price)::text as budget_min,
      max(buy_orders.max_price)::text as budget_max,
      sum(buy_orders.max_price * (buy_orders.quantity - buy_orders.filled))::text as budget_total,
      floor(extract(epoch from now() - min(buy_orders.created_at)) / 86400)::int as oldest_days,
      coalesce(sum(counted.n), 0)::int as matches,
      array_agg(distinct buy_orders.id order by buy_orders.id desc) as order_ids
    from buy_orders
    join buy_order_targets t on t.order_id = buy_orders.id
    -- The order's matches of this make and model (an order naming two counts each in its own group).
    left join lateral (
      select count(*)::int as n from buy_order_matches m join vehicles v on v.id = m.vehicle_id
      where m.order_id = buy_orders.id and ${targetMatchesSql}
    ) counted on true
    where ${isMatchableSql}
    group by t.make_label, t.model_label, buy_orders.year_min, buy_orders.year_max
    order by cars_wanted desc, orders desc, t.make_label, t.model_label nulls first
  `)) as unknown as {
    rows: {
      make: string;
      model: string | null;
      year_min: number | null;
      year_max: number | null;
      orders: number;
      dealers: number;
      cars_wanted: number;
      budget_min: string | null;
      budget_max: string | null;
      budget_total: string | null;
      oldest_days: number;
      matches: number;
      order_ids: number[];
    }[];
  };
  const orders = await buyOrderViews(db, undefined);
  const ids = orders.map((o) => o.id);
  const extra = ids.length
    ? (
        (await db.execute(sql`
        select buy_orders.id, d.dealer_name,
          (select count(*) from buy_order_matches m where m.order_id = buy_orders.id)::int as match_count,
          (select count(*) from notifications n
            where n.event = 'buy_order_match' and n.status = 'sent'
              and (n.payload -> 'facts' ->> 'orderId') = buy_orders.id::text)::int as alerts_sent
        from buy_orders join dealers d on d.id = buy_orders.dealer_id
        where ${inArray(buyOrders.id, ids)}
      `)) as unknown as {
          rows: { id: number; dealer_name: string; match_count: number; alerts_sent: number }[];
        }
      ).rows
    : [];
  const byId = new Map(extra.map((row) => [Number(row.id), row]));
  return {
    groups: grouped.rows.map((g) => ({
      make: g.make,
      model: g.model,
      yearMin: g.year_min === null ? null : Number(g.year_min),
      yearMax: g.year_max === null ? null : Number(g.year_max),
      orders: Number(g.orders),
      dealers: Number(g.dealers),
      carsWanted: Number(g.cars_wanted),
      budgetMin: g.budget_min,
      budgetMax: g.budget_max,
      budgetTotal: g.budget_total,
      oldestDays: Number(g.oldest_days),
      matches: Number(g.matches),
      orderIds: g.order_ids.map(Number),
    })),
    orders: orders.map(({ matches: _shown, ...order }) => {
      const row = byId.get(order.id)!;
      return {
        ...order,
        dealerName: row.dealer_name,
        matchCount: Number(row.match_count),
        alertsSent: Number(row.alerts_sent),
      };
    }),
  };
}
