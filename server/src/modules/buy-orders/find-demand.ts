import type { Demand, DemandOrdersPage, demandOrdersQuerySchema } from '@contracts/buy-orders';
import { type AnyColumn, and, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { buyOrders, buyOrderTargets, dealers } from '../../db/schema';
import { countAll, type KeysetOrder, type KeysetRead, keysetPage } from '../../lib/keyset-page';
import { containsText, searchNumber } from '../../lib/list-choices';
import { isMatchableSql, targetMatchesSql } from './buy-order-status';
import { buyOrderViews } from './find-buy-orders';

/**
 * Admin → Demand (docs/design.md §13): the open orders grouped by make, model and the years they ask
 * for (cars still wanted, budgets, age, matches), one aggregate in SQL from the order tables. Every
 * order with its dealership, its matches and the alerts that reached it is a list paged apart
 * (`demandOrdersPage`, issue #47).
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
  };
}

export type DemandOrdersQuery = z.infer<typeof demandOrdersQuerySchema>;

/** Newest first by the order's number (the primary key's index). */
const NEWEST: KeysetOrder = {
  name: 'newest',
  key: buyOrders.id,
  kind: 'integer',
  id: buyOrders.id,
  direction: 'desc',
};

/** A group's model or year: that value, or none (null on its orders, as the aggregate groups them). */
const same = (column: AnyColumn, value: string | number | undefined) =>
  value === undefined ? sql`${column} is null` : sql`${column} = ${value}`;

/**
 * The search and the group as SQL over `buy_orders` alone (subqueries, so the reader needs no join):
 * part of the dealer's name or of a make or model asked for, or the order's number; a group is its
 * make, model and years, its open orders only (as the aggregate groups them).
 */
function choicesWhere(db: Executor, { q, make, model, yearMin, yearMax }: DemandOrdersQuery) {
  const search = q?.trim();
  const number = search ? searchNumber(search) : null;
  const targets = (where: SQL | undefined) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(buyOrderTargets)
        .where(and(eq(buyOrderTargets.orderId, buyOrders.id), where)),
    );
  return and(
    search
      ? or(
          inArray(
            buyOrders.dealerId,
            db.select({ id: dealers.id }).from(dealers).where(containsText(dealers.dealerName, search)),
          ),
          targets(
            or(
              containsText(buyOrderTargets.makeLabel, search),
              containsText(buyOrderTargets.modelLabel, search),
            ),
          ),
          ...(number === null ? [] : [eq(buyOrders.id, number)]),
        )
      : undefined,
    make === undefined
      ? undefined
      : and(
          isMatchableSql,
          targets(and(eq(buyOrderTargets.makeLabel, make), same(buyOrderTargets.modelLabel, model))),
          same(buyOrders.yearMin, yearMin),
          same(buyOrders.yearMax, yearMax),
        ),
  );
}

/** Orders as the demand screen shows them, for one keyset read: their views, dealership, match and alert counts. */
async function readDemandOrders(db: Executor, part: KeysetRead) {
  // buyOrderViews reads newest first by id: the one order this list has.
  const orders = await buyOrderViews(db, part.where, part.limit);
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
  return orders.map(({ matches: _shown, ...order }) => {
    const row = byId.get(order.id)!;
    return {
      id: order.id,
      cursorKey: String(order.id),
      view: {
        ...order,
        dealerName: row.dealer_name,
        matchCount: Number(row.match_count),
        alertsSent: Number(row.alerts_sent),
      },
    };
  });
}

/** One page of the demand's orders, newest first, with the total under the same choices (GET /api/buy-orders/demand/orders). */
export async function demandOrdersPage(db: Executor, query: DemandOrdersQuery): Promise<DemandOrdersPage> {
  // A bad cursor is refused before anything is read.
  const page = keysetPage(NEWEST, query);
  const where = choicesWhere(db, query);
  const [counted] = await db.select({ count: countAll }).from(buyOrders).where(where);
  const { items, nextCursor } = await page.read(where, (part) => readDemandOrders(db, part));
  return { items: items.map((r) => r.view), nextCursor, total: counted!.count };
}
