import type { TransportBoardRow } from '@contracts/delivery';
import { formatMi } from '@contracts/mileage-format';
import { Truck } from 'lucide-react';
import { useMemo } from 'react';
import { Empty } from '@/components/ui/query-states';
import { cn } from '@/lib/cn';
import { formatAmount } from '@/lib/display/sale-state';
import { formatDateTime } from '@/lib/display/time-left';
import { DELIVERY_ADMIN_LABELS as L } from '../../admin-texts';
import { useTransportBoard } from '../../api/get-transport-board';
import { Cell, DataTable, Row } from '../common/data-table';
import { Panel, PanelStates } from '../common/panel';
import { BoardFilter } from './board-filter';
import { BolUpload } from './bol-upload';
import { PickupLateFlag, TransportStatusBadge } from './delivery-badges';
import {
  formatWindow,
  matchesTransportFilter,
  sortTransport,
  TRANSPORT_FILTER_LABELS,
  TRANSPORT_FILTERS,
  type TransportFilter,
} from './delivery-format';
import { SaleCell } from './sale-cell';
import { CancelTransportButton, MoveTransportDialog } from './transport-actions';
import { useUrlFilter } from './use-url-filter';

/**
 * Admin → Transport (issue #32, docs/design.md §15): every sale's certified delivery, late pickups first
 * and flagged in words; route, miles, price, dealership, windows, ETA, carrier and what a waiting
 * order waits for. Orders our team arranges are moved forward (or cancelled before pickup) here;
 * the bill of lading photos go up from the row. The view is in the URL (`tstatus`).
 */
export function TransportTab() {
  const board = useTransportBoard();
  const [filter, setFilter] = useUrlFilter<TransportFilter>('tstatus', TRANSPORT_FILTERS, 'open');
  const rows = useMemo(
    () => sortTransport((board.data ?? []).filter((row) => matchesTransportFilter(row, filter))),
    [board.data, filter],
  );
  return (
    <Panel
      title={L.transportTitle}
      description={L.transportText}
      actions={
        board.data ? (
          <BoardFilter
            views={TRANSPORT_FILTERS}
            labels={TRANSPORT_FILTER_LABELS}
            value={filter}
            onChange={setFilter}
            rows={board.data}
            shows={matchesTransportFilter}
            className="w-full sm:w-72"
          />
        ) : null
      }
    >
      <PanelStates
        query={board}
        loading={L.loadingTransport}
        isEmpty={() => rows.length === 0}
        empty={<Empty icon={Truck} title={L.noTransport} text={L.noTransportText} />}
      >
        {() => (
          <DataTable
            label="Transport orders"
            columns={['Car and dealer', 'Status', 'Route', 'Price', 'Windows', 'Carrier and ETA', 'Actions']}
          >
            {rows.map((row) => (
              <TransportRow key={row.orderId} row={row} />
            ))}
          </DataTable>
        )}
      </PanelStates>
    </Panel>
  );
}

function TransportRow({ row }: { row: TransportBoardRow }) {
  return (
    <Row
      data-testid={`transport-${row.orderId}`}
      data-late={row.pickupLate || undefined}
      className={cn(row.pickupLate && 'max-md:border-red-300 md:bg-red-50/40')}
    >
      <SaleCell row={row} />
      <Cell label="Status">
        <span className="grid min-w-0 justify-items-end gap-1 md:justify-items-start">
          <TransportStatusBadge status={row.status} />
          {row.pickupLate ? <PickupLateFlag className="text-sm" /> : null}
          {row.waitingFor ? (
            <span className="text-xs text-slate-700">
              {L.waitingFor}: {row.waitingFor}
            </span>
          ) : null}
          <span className="text-xs text-slate-500">
            {row.arrangedBy === 'team' ? 'Arranged by our team' : L.byCarrier}
          </span>
        </span>
      </Cell>
      <Cell label="Route">
        <span className="min-w-0">
          <span className="block break-words">{row.route}</span>
          <span className="block text-xs text-slate-600 tabular-nums">{formatMi(row.miles)}</span>
        </span>
      </Cell>
      <Cell label="Price" className="whitespace-nowrap tabular-nums">
        {formatAmount(row.price)}
      </Cell>
      <Cell label="Windows">
        <span className="min-w-0 text-sm">
          <span className={cn('block md:whitespace-nowrap', row.pickupLate && 'font-semibold text-red-700')}>
            {L.pickup} {formatWindow(row.pickupWindow)}
          </span>
          <span className="block md:whitespace-nowrap">
            {L.delivery} {formatWindow(row.deliveryWindow)}
          </span>
        </span>
      </Cell>
      <Cell label="Carrier and ETA">
        <span className="min-w-0">
          <span className={cn('block', !row.carrierName && 'text-slate-500')}>
            {row.carrierName ?? L.noCarrier}
          </span>
          {row.eta && row.status !== 'delivered' && row.status !== 'cancelled' ? (
            <span className="block text-xs text-slate-600">
              {L.eta} {formatDateTime(row.eta)}
            </span>
          ) : null}
        </span>
      </Cell>
      <Cell label="Actions" phone="block">
        <span className="flex flex-wrap gap-2 md:flex-col md:items-start">
          <MoveTransportDialog row={row} />
          <CancelTransportButton row={row} />
          <BolUpload row={row} />
        </span>
      </Cell>
    </Row>
  );
}
