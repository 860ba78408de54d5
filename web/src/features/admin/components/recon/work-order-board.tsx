import { formatCents } from '@contracts/money';
import { formatDuration } from '@contracts/work-order-texts';
import {
  type AdminWorkOrdersQuery,
  WORK_ORDER_SORTS,
  WORK_ORDER_STATE_LABELS,
  WORK_ORDER_STATES,
  type WorkOrder,
  type WorkOrderSort,
  type WorkOrderState,
} from '@contracts/work-orders';
import { AlertTriangle, Wrench } from 'lucide-react';
import { useMemo } from 'react';
import { formatDay, WorkOrderStatusBadge } from '@/components/recon/work-order-bits';
import { Pager, useListParams, useServerPaged } from '@/components/ui/pager';
import { Empty } from '@/components/ui/query-states';
import { cn } from '@/lib/cn';
import { RECON_ADMIN_LABELS as L } from '../../admin-texts';
import { useWorkOrdersPage } from '../../api/get-work-orders';
import { CountFilters } from '../common/count-filters';
import { Cell, DataTable, Row } from '../common/data-table';
import { SearchAndSort } from '../common/list-choices';
import { Panel, PanelStates } from '../common/panel';
import { costAgainstPrice, packagePrice, workOrderAge } from './recon-format';
import { WorkOrderDialog } from './work-order-dialog';

const isState = (v: string): v is WorkOrderState => (WORK_ORDER_STATES as readonly string[]).includes(v);
const isSort = (v: string): v is WorkOrderSort => Object.hasOwn(WORK_ORDER_SORTS, v);
/** The board's state in the URL (`/admin?tab=recon&wo-state=done&wo-sort=newest&wo-q=1HG`). */
const PARAMS = ['state', 'sort', 'q', 'overdue'] as const;

/**
 * The recon board (issue #31), paged by the server (issue #47): one state at a time — each state a
 * button with its count, "All but cancelled" first — and "Overdue" beside them, a search (VIN,
 * dealer or number) and a sort; 25 work orders a page with Previous / Next. Overdue in red with the
 * word, tasks done, cost so far against the package price, time-to-line once done. On a phone the
 * states wrap above one list (docs/features/admin-lists.md says why). Each car opens its work order.
 */
export function WorkOrderBoard() {
  const [params, setParams] = useListParams('wo-', PARAMS);
  const choices = useMemo(
    (): Omit<AdminWorkOrdersQuery, 'cursor' | 'limit'> => ({
      state: isState(params.state) ? params.state : 'all',
      sort: isSort(params.sort) ? params.sort : 'due',
      ...(params.q ? { q: params.q } : {}),
      ...(params.overdue === 'true' ? { overdue: 'true' as const } : {}),
    }),
    [params.state, params.sort, params.q, params.overdue],
  );
  const paging = useServerPaged<HTMLDivElement>(JSON.stringify(choices));
  const board = useWorkOrdersPage({ ...choices, cursor: paging.cursor, limit: paging.limit });
  const counts = board.data?.counts;
  return (
    <Panel title={L.boardTitle} description={L.boardText}>
      <SearchAndSort q={params.q} sort={choices.sort} sorts={WORK_ORDER_SORTS} set={setParams} />
      {counts ? (
        <CountFilters<WorkOrderState | 'overdue'>
          label={L.show}
          views={[
            ...WORK_ORDER_STATES.map((state) => ({
              value: state,
              label: WORK_ORDER_STATE_LABELS[state],
              count: counts[state],
            })),
            { value: 'overdue', label: L.overdue, count: counts.overdue, pressed: Boolean(choices.overdue) },
          ]}
          value={choices.state ?? 'all'}
          onChange={(view) =>
            view === 'overdue'
              ? setParams({ overdue: choices.overdue ? '' : 'true' })
              : setParams({ state: view === 'all' ? '' : view })
          }
        />
      ) : null}
      <PanelStates
        query={board}
        loading={L.loadingBoard}
        isEmpty={(data) => data.items.length === 0}
        empty={<Empty icon={Wrench} title={L.noWorkOrders} text={L.noWorkOrdersText} />}
      >
        {(data) => (
          <div ref={paging.listRef}>
            <DataTable
              label="Work orders"
              columns={[
                'Car and dealer',
                'Package',
                'State',
                'Age',
                'Promised',
                'Tasks',
                'Cost so far',
                'Time to line',
              ]}
            >
              {data.items.map((order) => (
                <WorkOrderRow key={order.id} order={order} />
              ))}
            </DataTable>
            <Pager label="Work orders" {...paging.pagerOf(data)} />
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
