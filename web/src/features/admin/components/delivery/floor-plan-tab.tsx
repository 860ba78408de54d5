import { FLOOR_PLAN_STATUS_LABELS, FLOOR_PLAN_STATUSES, type FloorPlanBoardRow } from '@contracts/delivery';
import { Landmark } from 'lucide-react';
import { useMemo } from 'react';
import { Empty } from '@/components/ui/query-states';
import { cn } from '@/lib/cn';
import { formatAmount } from '@/lib/display/sale-state';
import { formatDateTime } from '@/lib/display/time-left';
import { DELIVERY_ADMIN_LABELS as L } from '../../admin-texts';
import { useFloorPlanBoard } from '../../api/get-floor-plan-board';
import { Cell, DataTable, Row } from '../common/data-table';
import { Panel, PanelStates } from '../common/panel';
import { BoardFilter } from './board-filter';
import { FloorPlanStatusBadge } from './delivery-badges';
import { sortFloorPlan } from './delivery-format';
import { FloorPlanActions } from './floor-plan-actions';
import { SaleCell } from './sale-cell';
import { useUrlFilter } from './use-url-filter';

const FILTERS = ['all', ...FLOOR_PLAN_STATUSES] as const;
type Filter = (typeof FILTERS)[number];
const FILTER_LABELS: Record<Filter, string> = { all: 'All requests', ...FLOOR_PLAN_STATUS_LABELS };
const shows = (row: FloorPlanBoardRow, filter: Filter) => filter === 'all' || row.status === filter;

/**
 * Admin → Floor plan (issue #32, docs/design.md §15): the sales paid with a floor-plan line, those
 * waiting for the lender first, then those approved and waiting for the money. When no lender API
 * is configured our team calls the lender and records its answer here: approve (its reference and,
 * if less, the amount), decline (why), fund (the funding reference). The view is in the URL.
 */
export function FloorPlanTab() {
  const board = useFloorPlanBoard();
  const [filter, setFilter] = useUrlFilter<Filter>('fpstatus', FILTERS, 'all');
  const rows = useMemo(
    () => sortFloorPlan((board.data ?? []).filter((row) => shows(row, filter))),
    [board.data, filter],
  );
  return (
    <Panel
      title={L.floorPlanTitle}
      description={L.floorPlanText}
      actions={
        board.data ? (
          <BoardFilter
            views={FILTERS}
            labels={FILTER_LABELS}
            value={filter}
            onChange={setFilter}
            rows={board.data}
            shows={shows}
            className="w-full sm:w-64"
          />
        ) : null
      }
    >
      <PanelStates
        query={board}
        loading={L.loadingFloorPlan}
        isEmpty={() => rows.length === 0}
        empty={<Empty icon={Landmark} title={L.noFloorPlan} text={L.noFloorPlanText} />}
      >
        {() => (
          <DataTable
            label="Floor plan requests"
            columns={['Car and dealer', L.line, L.amount, 'Status', L.reference, 'Dates', 'Actions']}
          >
            {rows.map((row) => (
              <FloorPlanRow key={row.requestId} row={row} />
            ))}
          </DataTable>
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
