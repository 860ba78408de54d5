import { BUY_ORDER_STATUS_LABELS, buyOrderTitle, type DemandOrder } from '@contracts/buy-orders';
import { formatUsd } from '@contracts/money';
import { Target } from 'lucide-react';
import { useMemo } from 'react';
import { Badge, BUY_ORDER_STATUS_TONE } from '@/components/ui/badge';
import { Pager, useListParams, useServerPaged } from '@/components/ui/pager';
import { Empty } from '@/components/ui/query-states';
import { PausedSearchBox } from '@/components/ui/search-box';
import { formatDay } from '@/lib/display/time-left';
import { useDemand, useDemandOrders } from '../../api/get-demand';
import { Cell, DataTable, Row, type SortableColumn } from '../common/data-table';
import { Panel, PanelStates } from '../common/panel';
import { PhoneSort } from '../common/phone-sort';
import { ageInDays, budgetRange, groupName, groupYears } from './demand-format';
import { GroupOrdersDialog } from './group-orders-dialog';
import { DEMAND_SORTS, type DemandSort, sortGroups, useDemandSort } from './use-demand-sort';

/**
 * Admin → Demand (docs/design.md §13): what dealers asked the marketplace to find. Open orders grouped by
 * make, model and years (cars still wanted, open orders, budgets, age, cars matched), sortable by
 * column (the sort in the URL); each group opens its orders and each order its history. Then every
 * order with its dealership, person, state, matches and the alerts that reached it, a page at a
 * time from the server (issue #47), searched.
 */
export function DemandTab() {
  const demand = useDemand();
  const { sort, direction, setSort, toggle } = useDemandSort();
  const groups = useMemo(
    () => sortGroups(demand.data?.groups ?? [], sort, direction),
    [demand.data, sort, direction],
  );
  const column = (name: DemandSort): SortableColumn => ({
    label: DEMAND_SORTS[name].label,
    sorted: sort === name ? (direction === 'asc' ? 'ascending' : 'descending') : false,
    onSort: () => toggle(name),
  });
  return (
    <div className="grid gap-6">
      <Panel
        title="Demand"
        description="Open buy orders by make, model and years: what to source next."
        actions={
          <PhoneSort
            sorts={DEMAND_SORTS}
            sort={sort}
            direction={direction}
            setSort={setSort}
            order={{ desc: 'Highest first', asc: 'Lowest first' }}
            selectClassName="w-44"
          />
        }
      >
        <PanelStates
          query={demand}
          loading="Loading demand..."
          isEmpty={() => groups.length === 0}
          empty={<Empty icon={Target} title="No open buy orders" text="Dealers' buy orders appear here." />}
        >
          {() => (
            <DataTable
              label="Demand by make, model and years"
              columns={[
                'Make and model',
                'Years',
                column('wanted'),
                column('orders'),
                column('budget'),
                column('oldest'),
                column('matches'),
                'History',
              ]}
            >
              {groups.map((g) => (
                <Row key={`${g.make}|${g.model}|${g.yearMin}|${g.yearMax}`}>
                  <Cell label="Make and model" phone="heading" className="font-semibold text-slate-900">
                    {groupName(g)}
                  </Cell>
                  <Cell label="Years">{groupYears(g)}</Cell>
                  <Cell label="Cars wanted" className="tabular-nums">
                    {g.carsWanted}
                  </Cell>
                  <Cell label="Open orders" className="tabular-nums">
                    {g.orders} ({g.dealers === 1 ? '1 dealer' : `${g.dealers} dealers`})
                  </Cell>
                  <Cell label="Total budget" className="tabular-nums">
                    {g.budgetTotal === null ? (
                      'Not set'
                    ) : (
                      <span>
                        {formatUsd(Number(g.budgetTotal))}
                        <span className="block text-xs text-slate-600">{budgetRange(g)} a car</span>
                      </span>
                    )}
                  </Cell>
                  <Cell label="Oldest">{ageInDays(g.oldestDays)}</Cell>
                  <Cell label="Matched" className="tabular-nums">
                    {g.matches}
                  </Cell>
                  <Cell label="History" phone="block" className="max-md:pt-2">
                    <GroupOrdersDialog group={g} />
                  </Cell>
                </Row>
              ))}
            </DataTable>
          )}
        </PanelStates>
      </Panel>
      <OrdersPanel />
    </div>
  );
}

/** The orders' search in the URL (`/admin?tab=demand&bo-q=Acme`). */
const PARAMS = ['q'] as const;

/** Every order, newest first, a page at a time from the server, searched by dealer, make, model or number. */
function OrdersPanel() {
  const [params, setParams] = useListParams('bo-', PARAMS);
  const choices = useMemo(() => (params.q ? { q: params.q } : {}), [params.q]);
  const paging = useServerPaged<HTMLDivElement>(JSON.stringify(choices));
  const orders = useDemandOrders({ ...choices, cursor: paging.cursor, limit: paging.limit });
  // No order at all: the panel stays away, as before any dealer placed one.
  if (!params.q && orders.data?.total === 0) return null;
  return (
    <Panel
      title="Buy orders"
      description="Every order, newest first: its state, matches and the alerts sent."
    >
      <div className="mb-4 sm:max-w-md">
        <PausedSearchBox
          label="Search by dealer, make, model or number"
          value={params.q}
          onSearch={(q) => setParams({ q })}
        />
      </div>
      <PanelStates
        query={orders}
        loading="Loading buy orders..."
        isEmpty={(data) => data.items.length === 0}
        empty={<Empty title="No buy orders match this search" />}
      >
        {(data) => (
          <div ref={paging.listRef}>
            <OrdersTable orders={data.items} />
            <Pager label="Buy orders" {...paging.pagerOf(data)} />
          </div>
        )}
      </PanelStates>
    </Panel>
  );
}

function OrdersTable({ orders }: { orders: DemandOrder[] }) {
  return (
    <DataTable
      label="Buy orders"
      columns={['Order', 'Dealer', 'Wants', 'Bought', 'Needed by', 'Matched', 'Alerts sent', 'State']}
    >
      {orders.map((o) => (
        <Row key={o.id}>
          <Cell label="Order" phone="heading" className="whitespace-nowrap font-semibold text-slate-900">
            #{o.id}
          </Cell>
          <Cell label="Dealer">
            <span>
              {o.dealerName}
              {o.placedBy ? <span className="block text-xs text-slate-600">{o.placedBy}</span> : null}
            </span>
          </Cell>
          <Cell label="Wants">
            <span>
              {buyOrderTitle(o)}
              {o.maxPrice ? (
                <span className="block text-xs text-slate-600">up to {formatUsd(Number(o.maxPrice))}</span>
              ) : null}
            </span>
          </Cell>
          <Cell label="Bought" className="tabular-nums">
            {o.filled} of {o.quantity}
          </Cell>
          <Cell label="Needed by" className="whitespace-nowrap">
            {formatDay(o.neededBy)}
          </Cell>
          <Cell label="Matched" className="tabular-nums">
            {o.matchCount}
          </Cell>
          <Cell label="Alerts sent" className="tabular-nums">
            {o.alertsSent}
          </Cell>
          <Cell label="State">
            <Badge tone={BUY_ORDER_STATUS_TONE[o.status]}>{BUY_ORDER_STATUS_LABELS[o.status]}</Badge>
          </Cell>
        </Row>
      ))}
    </DataTable>
  );
}
