import {
  BUY_ORDER_STATUS_LABELS,
  type BuyOrderStatus,
  buyOrderTitle,
  type DemandGroup,
  type DemandOrder,
} from '@contracts/buy-orders';
import { formatUsd } from '@contracts/money';
import { Target } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge, BUY_ORDER_STATUS_TONE } from '@/components/ui/badge';
import { SelectField } from '@/components/ui/fields';
import { formatDay } from '@/lib/time-left';
import { useDemand } from '../../api/get-demand';
import { Cell, DataTable, Row } from '../shared/data-table';
import { EmptyState, LoadError, LoadingRows, Panel } from '../shared/panel-states';

const SORTS = {
  wanted: 'Most cars wanted',
  orders: 'Most orders',
  oldest: 'Oldest first',
  budget: 'Highest budget',
} as const;
type Sort = keyof typeof SORTS;

const compare: Record<Sort, (a: DemandGroup, b: DemandGroup) => number> = {
  wanted: (a, b) => b.carsWanted - a.carsWanted,
  orders: (a, b) => b.orders - a.orders,
  oldest: (a, b) => b.oldestDays - a.oldestDays,
  budget: (a, b) => Number(b.budgetMax ?? 0) - Number(a.budgetMax ?? 0),
};

const years = (g: { yearMin: number | null; yearMax: number | null }) =>
  g.yearMin && g.yearMax
    ? g.yearMin === g.yearMax
      ? String(g.yearMin)
      : `${g.yearMin}–${g.yearMax}`
    : g.yearMin
      ? `${g.yearMin} or newer`
      : g.yearMax
        ? `${g.yearMax} or older`
        : 'Any year';

const budget = (g: DemandGroup) =>
  g.budgetMin === null
    ? 'Not set'
    : g.budgetMin === g.budgetMax
      ? `Up to ${formatUsd(Number(g.budgetMin))}`
      : `${formatUsd(Number(g.budgetMin))}–${formatUsd(Number(g.budgetMax))}`;

const days = (n: number) => (n === 0 ? 'Today' : n === 1 ? '1 day' : `${n} days`);

/**
 * Admin → Demand (DESIGN.md §13): what dealers asked the marketplace to find. Open orders grouped by
 * make, model and years (cars still wanted, budgets, age, cars matched), sortable; then every order
 * with its dealership, person, state, matches and the alerts that reached it.
 */
export function DemandTab() {
  const demand = useDemand();
  const [sort, setSort] = useState<Sort>('wanted');
  const groups = useMemo(() => [...(demand.data?.groups ?? [])].sort(compare[sort]), [demand.data, sort]);
  return (
    <div className="grid gap-6">
      <Panel
        title="Demand"
        description="Open buy orders by make, model and years: what to source next."
        actions={
          <SelectField
            label={<span className="sr-only">Sort demand by</span>}
            value={sort}
            onChange={(e) => setSort(e.target.value as Sort)}
            className="w-48"
          >
            {Object.entries(SORTS).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </SelectField>
        }
      >
        {demand.isPending ? (
          <LoadingRows label="Loading demand..." />
        ) : demand.isError ? (
          <LoadError error={demand.error} />
        ) : groups.length === 0 ? (
          <EmptyState icon={Target} title="No open buy orders" text="Dealers' buy orders appear here." />
        ) : (
          <DataTable
            label="Demand by make, model and years"
            columns={['Make and model', 'Years', 'Cars wanted', 'Orders', 'Budget', 'Oldest', 'Matched']}
          >
            {groups.map((g) => (
              <Row key={`${g.make}|${g.model}|${g.yearMin}|${g.yearMax}`}>
                <Cell label="Make and model" phone="heading" className="font-semibold text-slate-900">
                  {g.model ? `${g.make} ${g.model}` : `Any ${g.make}`}
                </Cell>
                <Cell label="Years">{years(g)}</Cell>
                <Cell label="Cars wanted" className="tabular-nums">
                  {g.carsWanted}
                </Cell>
                <Cell label="Orders" className="tabular-nums">
                  {g.orders} ({g.dealers === 1 ? '1 dealer' : `${g.dealers} dealers`})
                </Cell>
                <Cell label="Budget" className="tabular-nums">
                  {budget(g)}
                </Cell>
                <Cell label="Oldest">{days(g.oldestDays)}</Cell>
                <Cell label="Matched" className="tabular-nums">
                  {g.matches}
                </Cell>
              </Row>
            ))}
          </DataTable>
        )}
      </Panel>
      {demand.data && demand.data.orders.length > 0 ? <OrdersPanel orders={demand.data.orders} /> : null}
    </div>
  );
}

function OrdersPanel({ orders }: { orders: DemandOrder[] }) {
  return (
    <Panel
      title="Buy orders"
      description="Every order, newest first: its state, matches and the alerts sent."
    >
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
    </Panel>
  );
}
