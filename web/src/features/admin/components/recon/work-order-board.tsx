import { formatCents } from '@contracts/money';
import { formatDuration, WORK_ORDER_STATUS_LABELS } from '@contracts/work-order-texts';
import type { WorkOrder } from '@contracts/work-orders';
import { AlertTriangle, Wrench } from 'lucide-react';
import { useMemo } from 'react';
import { formatDay, WorkOrderStatusBadge } from '@/components/recon/work-order-bits';
import { Button } from '@/components/ui/button';
import { Empty } from '@/components/ui/query-states';
import { cn } from '@/lib/cn';
import { RECON_ADMIN_LABELS as L } from '../../admin-texts';
import { useWorkOrderBoard } from '../../api/get-work-orders';
import { Cell, DataTable, Row, type SortableColumn } from '../common/data-table';
import { Panel, PanelStates } from '../common/panel';
import { PhoneSort } from '../common/phone-sort';
import { costAgainstPrice, packagePrice, workOrderAge } from './recon-format';
import {
  BOARD_FILTERS,
  BOARD_SORTS,
  type BoardFilter,
  type BoardSort,
  matchesFilter,
  sortWorkOrders,
  useWorkOrderBoardView,
} from './use-work-order-board';
import { WorkOrderDialog } from './work-order-dialog';

const FILTER_LABELS: Record<BoardFilter, string> = { all: 'All but cancelled', ...WORK_ORDER_STATUS_LABELS };

/**
 * The recon board (issue #31): every work order by state and age, overdue in red with the word,
 * tasks done, cost so far against the package price, time-to-line once done; sortable by promised
 * day and age (the sort and the state in the URL). Each car opens its work order.
 */
export function WorkOrderBoard() {
  const board = useWorkOrderBoard();
  const view = useWorkOrderBoardView();
  const { filter, sort, direction } = view;
  const orders = useMemo(
    () =>
      sortWorkOrders(
        (board.data ?? []).filter((o) => matchesFilter(o, filter)),
        sort,
        direction,
      ),
    [board.data, filter, sort, direction],
  );
  const column = (name: BoardSort): SortableColumn => ({
    label: BOARD_SORTS[name].label,
    sorted: sort === name ? (direction === 'asc' ? 'ascending' : 'descending') : false,
    onSort: () => view.toggle(name),
  });
  return (
    <Panel
      title={L.boardTitle}
      description={L.boardText}
      actions={
        <PhoneSort
          sorts={BOARD_SORTS}
          sort={sort}
          direction={direction}
          setSort={view.setSort}
          order={
            sort === 'age'
              ? { desc: 'Oldest first', asc: 'Newest first' }
              : { asc: 'Earliest first', desc: 'Latest first' }
          }
          selectClassName="w-36"
        />
      }
    >
      <PanelStates query={board} loading={L.loadingBoard}>
        {(data) => (
          <div className="grid gap-4">
            <fieldset className="min-w-0">
              <legend className="sr-only">{L.show}</legend>
              <div className="flex flex-wrap gap-2">
                {BOARD_FILTERS.map((f) => {
                  const count = data.filter((o) => matchesFilter(o, f)).length;
                  return (
                    <Button
                      key={f}
                      size="sm"
                      variant={filter === f ? 'primary' : 'outline'}
                      aria-pressed={filter === f}
                      onClick={() => view.setFilter(f)}
                    >
                      {FILTER_LABELS[f]}
                      <span className="tabular-nums opacity-80">({count})</span>
                    </Button>
                  );
                })}
              </div>
            </fieldset>
            {orders.length === 0 ? (
              <Empty icon={Wrench} title={L.noWorkOrders} text={L.noWorkOrdersText} />
            ) : (
              <DataTable
                label="Work orders"
                columns={[
                  'Car and dealer',
                  'Package',
                  'State',
                  column('age'),
                  column('promised'),
                  'Tasks',
                  'Cost so far',
                  'Time to line',
                ]}
              >
                {orders.map((order) => (
                  <WorkOrderRow key={order.id} order={order} />
                ))}
              </DataTable>
            )}
          </div>
        )}
      </PanelStates>
    </Panel>
  );
}

function WorkOrderRow({ order }: { order: WorkOrder }) {
  const { cost, price, over } = costAgainstPrice(order);
  const toLine = order.timeToLine;
  return (
    <Row
      data-testid={`work-order-${order.id}`}
      className={cn(order.overdue && 'max-md:border-red-300 md:bg-red-50/40')}
    >
      <Cell phone="heading">
        <span className="block min-w-0">
          <WorkOrderDialog order={order} />
          <span className="block text-xs break-words text-slate-600">
            {order.dealerName} · #{order.id}
          </span>
        </span>
      </Cell>
      <Cell label="Package">
        <span className="min-w-0">
          <span className="block">{order.packageName}</span>
          <span className="block text-xs text-slate-600">{packagePrice(order.packagePrice)}</span>
        </span>
      </Cell>
      <Cell label="State">
        <WorkOrderStatusBadge status={order.status} />
      </Cell>
      <Cell label="Age" className="whitespace-nowrap">
        {workOrderAge(order)}
      </Cell>
      <Cell label="Promised" className="whitespace-nowrap">
        {order.overdue ? (
          <span className="inline-flex items-center gap-1 font-semibold text-red-700">
            <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0" />
            {L.overdue}: {formatDay(order.promisedOn)}
          </span>
        ) : (
          formatDay(order.promisedOn)
        )}
      </Cell>
      <Cell label="Tasks" className="whitespace-nowrap tabular-nums">
        <span>
          {order.done} of {order.total}
          <span className="sr-only"> tasks done</span>
        </span>
      </Cell>
      <Cell label="Cost so far" className="tabular-nums">
        <span className="min-w-0">
          <span className="block whitespace-nowrap">
            {formatCents(cost)} <span className="text-slate-600">of {formatCents(price)}</span>
          </span>
          {over > 0 ? (
            <span className="block text-xs font-semibold text-red-700">
              {L.overPrice} by {formatCents(over)}
            </span>
          ) : null}
        </span>
      </Cell>
      <Cell label="Time to line" className="whitespace-nowrap">
        {toLine.saleToReadyMinutes === null ? (
          <span className="text-slate-500">{L.notYet}</span>
        ) : (
          <span className="min-w-0">
            <span className="block">{formatDuration(toLine.saleToReadyMinutes)} to ready</span>
            {toLine.saleToReleaseMinutes === null ? null : (
              <span className="block text-xs text-slate-600">
                {formatDuration(toLine.saleToReleaseMinutes)} to release
              </span>
            )}
          </span>
        )}
      </Cell>
    </Row>
  );
}
