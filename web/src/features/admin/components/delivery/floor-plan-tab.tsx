import {
  FLOOR_PLAN_SORTS,
  FLOOR_PLAN_STATUS_LABELS,
  FLOOR_PLAN_VIEWS,
  type FloorPlanBoardQuery,
  type FloorPlanBoardRow,
  type FloorPlanView,
} from '@contracts/delivery';
import { Landmark } from 'lucide-react';
import { useMemo } from 'react';
import { Pager, useListParams, useServerPaged } from '@/components/ui/pager';
import { Empty } from '@/components/ui/query-states';
import { cn } from '@/lib/cn';
import { formatAmount } from '@/lib/display/sale-state';
import { formatDateTime } from '@/lib/display/time-left';
import { DELIVERY_ADMIN_LABELS as L } from '../../admin-texts';
import { useFloorPlanBoard } from '../../api/get-floor-plan-board';
import { CountFilters } from '../common/count-filters';
import { Cell, DataTable, Row } from '../common/data-table';
import { SearchAndSort } from '../common/list-choices';
import { Panel, PanelStates } from '../common/panel';
import { FloorPlanStatusBadge } from './delivery-badges';
import { FloorPlanActions } from './floor-plan-actions';
import { SaleCell } from './sale-cell';

const VIEW_LABELS: Record<FloorPlanView, string> = { all: 'All requests', ...FLOOR_PLAN_STATUS_LABELS };
const isView = (v: string): v is FloorPlanView => (FLOOR_PLAN_VIEWS as readonly string[]).includes(v);
/** The board's state in the URL (`/admin?tab=floor-plan&fp-status=requested&fp-q=1HG`). */
const PARAMS = ['status', 'sort', 'q'] as const;

/**
 * Admin → Floor plan (issue #32, docs/design.md §15): the sales paid with a floor-plan line, a page
 * at a time from the server (issue #47), one status at a time with each status's count, searched by
 * VIN, dealer or number, oldest request first. When no lender API is configured our team calls the
 * lender and records its answer here: approve (its reference and, if less, the amount), decline
 * (why), fund (the funding reference). The choices are in the URL.
 */
export function FloorPlanTab() {
  const [params, setParams] = useListParams('fp-', PARAMS);
  const choices = useMemo(
    (): Omit<FloorPlanBoardQuery, 'cursor' | 'limit'> => ({
      status: isView(params.status) ? params.status : 'all',
      sort: params.sort === 'newest' ? 'newest' : 'oldest',
      ...(params.q ? { q: params.q } : {}),
    }),
    [params.status, params.sort, params.q],
  );
  const paging = useServerPaged<HTMLDivElement>(JSON.stringify(choices));
  const board = useFloorPlanBoard({ ...choices, cursor: paging.cursor, limit: paging.limit });
  const counts = board.data?.counts;
  return (
    <Panel title={L.floorPlanTitle} description={L.floorPlanText}>
      <SearchAndSort q={params.q} sort={choices.sort} sorts={FLOOR_PLAN_SORTS} set={setParams} />
      {counts ? (
        <CountFilters
          label={L.show}
          views={FLOOR_PLAN_VIEWS.map((view) => ({
            value: view,
            label: VIEW_LABELS[view],
            count: counts[view],
          }))}
          value={choices.status ?? 'all'}
          onChange={(status) => setParams({ status: status === 'all' ? '' : status })}
        />
      ) : null}
      <PanelStates
        query={board}
        loading={L.loadingFloorPlan}
        isEmpty={(data) => data.items.length === 0}
        empty={<Empty icon={Landmark} title={L.noFloorPlan} text={L.noFloorPlanText} />}
      >
        {(data) => (
          <div ref={paging.listRef}>
            <DataTable
              label="Floor plan requests"
              columns={['Car and dealer', L.line, L.amount, 'Status', L.reference, 'Dates', 'Actions']}
            >
              {data.items.map((row) => (
                <FloorPlanRow key={row.requestId} row={row} />
              ))}
            </DataTable>
            <Pager label="Floor plan requests" {...paging.pagerOf(data)} />
          </div>
        )}
      </PanelStates>
    </Panel>
  );
}

function FloorPlanRow({ row }: { row: FloorPlanBoardRow }) {
  const waiting = row.status === 'requested';
  return (
    <Row
      data-testid={`floor-plan-${row.requestId}`}
      className={cn(waiting && 'max-md:border-amber-300 md:bg-amber-50/50')}
    >
      <SaleCell row={row} />
      <Cell label={L.line}>
        <span className="min-w-0 break-words">{row.label}</span>
      </Cell>
      <Cell label={L.amount} className="whitespace-nowrap tabular-nums">
        {formatAmount(row.amount)}
      </Cell>
      <Cell label="Status">
        <span className="grid min-w-0 justify-items-end gap-1 md:justify-items-start">
          <FloorPlanStatusBadge status={row.status} />
          <span className="text-xs text-slate-500">
            {row.arrangedBy === 'team' ? 'Arranged by our team' : L.byLender}
          </span>
        </span>
      </Cell>
      <Cell label={L.reference}>
        <span className="min-w-0 break-words">
          {row.reference ? <span className="block font-mono text-sm">{row.reference}</span> : null}
          {row.reason ? <span className="block text-sm text-red-800">{row.reason}</span> : null}
          {!row.reference && !row.reason ? <span className="text-slate-500">—</span> : null}
        </span>
      </Cell>
      <Cell label="Dates">
        <span className="min-w-0 text-sm">
          <span className="block">
            {L.requested} {formatDateTime(row.requestedAt)}
          </span>
          {row.decidedAt ? (
            <span className="block text-slate-600">
              {L.decided} {formatDateTime(row.decidedAt)}
            </span>
          ) : null}
        </span>
      </Cell>
      <Cell label="Actions" phone="block">
        <FloorPlanActions row={row} />
      </Cell>
    </Row>
  );
}
