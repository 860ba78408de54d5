import { BUY_ORDER_HISTORY_TEXT } from '@contracts/buy-order-history';
import {
  BUY_ORDER_STATUS_LABELS,
  buyOrderLimits,
  buyOrderTitle,
  type DemandGroup,
  type DemandOrder,
} from '@contracts/buy-orders';
import { ChevronDown, ChevronUp, History } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Badge, BUY_ORDER_STATUS_TONE } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Pager, useServerPaged } from '@/components/ui/pager';
import { Empty, QueryStates } from '@/components/ui/query-states';
import { formatDate, formatDay } from '@/lib/display/time-left';
import { useDemandOrders } from '../../api/get-demand';
import { groupName, groupYears } from './demand-format';
import { OrderHistory } from './order-history';

/**
 * A group's open orders in a dialog, newest first, a page at a time from the server (read once it
 * opens, issue #47); each order opens its history (read when opened).
 */
export function GroupOrdersDialog({ group }: { group: DemandGroup }) {
  const name = `${groupName(group)}, ${groupYears(group)}`;
  return (
    <Modal
      className="max-sm:p-4 sm:max-w-2xl"
      title={name}
      description={group.orders === 1 ? '1 open order' : `${group.orders} open orders`}
      trigger={
        <Button variant="outline" size="sm" className="max-md:w-full">
          <History aria-hidden="true" className="h-4 w-4" />
          Orders
          <span className="sr-only">for {name}</span>
        </Button>
      }
    >
      <GroupOrders group={group} name={name} />
    </Modal>
  );
}

function GroupOrders({ group, name }: { group: DemandGroup; name: string }) {
  const choices = useMemo(
    () => ({
      make: group.make,
      ...(group.model === null ? {} : { model: group.model }),
      ...(group.yearMin === null ? {} : { yearMin: group.yearMin }),
      ...(group.yearMax === null ? {} : { yearMax: group.yearMax }),
    }),
    [group.make, group.model, group.yearMin, group.yearMax],
  );
  const paging = useServerPaged<HTMLDivElement>(JSON.stringify(choices));
  const orders = useDemandOrders({ ...choices, cursor: paging.cursor, limit: paging.limit });
  return (
    <QueryStates
      query={orders}
      loading="Loading orders..."
      failed="Could not load the orders:"
      isEmpty={(data) => data.items.length === 0}
      empty={<Empty title="No open orders left" />}
    >
      {(data) => (
        <div ref={paging.listRef}>
          <ul className="grid gap-3">
            {data.items.map((order) => (
              <OrderItem key={order.id} order={order} />
            ))}
          </ul>
          <Pager label={`Orders for ${name}`} {...paging.pagerOf(data)} />
        </div>
      )}
    </QueryStates>
  );
}

function OrderItem({ order }: { order: DemandOrder }) {
  const [open, setOpen] = useState(false);
  const historyId = useId();
  const limits = buyOrderLimits(order);
  return (
    <li className="rounded-lg border border-slate-200 p-3" aria-label={`Order #${order.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            #{order.id} · {order.dealerName}
          </p>
          <p className="text-sm text-slate-600">
            {order.placedBy ?? 'Placed with the dealership’s buy code'}
          </p>
        </div>
        <Badge tone={BUY_ORDER_STATUS_TONE[order.status]}>{BUY_ORDER_STATUS_LABELS[order.status]}</Badge>
      </div>
      <p className="mt-2 text-sm text-slate-800">{buyOrderTitle(order)}</p>
      {limits ? <p className="text-sm text-slate-600">{limits}</p> : null}
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <Fact term="Bought">
          {order.filled} of {order.quantity}
        </Fact>
        <Fact term="Placed">{formatDate(order.createdAt)}</Fact>
        <Fact term="Needed by">{formatDay(order.neededBy)}</Fact>
        <Fact term="Matched">{order.matchCount}</Fact>
      </dl>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={historyId}
        onClick={() => setOpen(!open)}
        className="mt-2 inline-flex items-center gap-1 rounded-md py-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
      >
        {open ? (
          <ChevronUp aria-hidden="true" className="h-4 w-4" />
        ) : (
          <ChevronDown aria-hidden="true" className="h-4 w-4" />
        )}
        {open ? BUY_ORDER_HISTORY_TEXT.hideHistory : BUY_ORDER_HISTORY_TEXT.showHistory}
      </button>
      <div id={historyId} hidden={!open}>
        {open ? <OrderHistory orderId={order.id} /> : null}
      </div>
    </li>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className="tabular-nums text-slate-800">{children}</dd>
    </div>
  );
}
