import {
  TRANSPORT_SORTS,
  TRANSPORT_VIEWS,
  type TransportBoardQuery,
  type TransportBoardRow,
  type TransportView,
} from '@contracts/delivery';
import { formatMi } from '@contracts/mileage-format';
import { Truck } from 'lucide-react';
import { useMemo } from 'react';
import { SelectField, SelectOptions } from '@/components/ui/fields';
import { Pager, useListParams, useServerPaged } from '@/components/ui/pager';
import { Empty } from '@/components/ui/query-states';
import { PausedSearchBox } from '@/components/ui/search-box';
import { cn } from '@/lib/cn';
import { formatAmount } from '@/lib/display/sale-state';
import { formatDateTime } from '@/lib/display/time-left';
import { DELIVERY_ADMIN_LABELS as L } from '../../admin-texts';
import { useTransportBoard } from '../../api/get-transport-board';
import { CountFilters } from '../common/count-filters';
import { Cell, DataTable, Row } from '../common/data-table';
import { Panel, PanelStates } from '../common/panel';
import { BolUpload } from './bol-upload';
import { PickupLateFlag, TransportStatusBadge } from './delivery-badges';
import { formatWindow, TRANSPORT_VIEW_LABELS } from './delivery-format';
import { SaleCell } from './sale-cell';
import { CancelTransportButton, MoveTransportDialog } from './transport-actions';

const isView = (v: string): v is TransportView => (TRANSPORT_VIEWS as readonly string[]).includes(v);
const isSort = (v: string): v is keyof typeof TRANSPORT_SORTS => v in TRANSPORT_SORTS;
/** The board's state in the URL (`/admin?tab=transport&tr-status=late&tr-q=1HG`). */
const PARAMS = ['status', 'sort', 'q'] as const;

/**
 * Admin → Transport (issue #32, docs/design.md §15): every sale's certified delivery, a page at a
 * time from the server (issue #47): the open orders by default, earliest pickup day first (late
 * pickups lead, flagged in words), or one status or the late pickups, each view with its count;
 * searched by VIN, dealer or number. Route, miles, price, dealership, windows, ETA, carrier and what
 * a waiting order waits for. Orders our team arranges are moved forward (or cancelled before pickup)
 * here; the bill of lading photos go up from the row. The choices are in the URL.
 */
export function TransportTab() {
  const [params, setParams] = useListParams('tr-', PARAMS);
  const choices = useMemo(
    (): Omit<TransportBoardQuery, 'cursor' | 'limit'> => ({
      status: isView(params.status) ? params.status : 'open',
      sort: isSort(params.sort) ? params.sort : 'pickup',
      ...(params.q ? { q: params.q } : {}),
    }),
    [params.status, params.sort, params.q],
  );
  const paging = useServerPaged<HTMLDivElement>(JSON.stringify(choices));
  const board = useTransportBoard({ ...choices, cursor: paging.cursor, limit: paging.limit });
  const counts = board.data?.counts;
  return (
    <Panel title={L.transportTitle} description={L.transportText}>
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <PausedSearchBox
          label="Search by VIN, dealer or number"
          value={params.q}
          onSearch={(q) => setParams({ q })}
        />
        <SelectField label="Sort" value={choices.sort} onChange={(e) => setParams({ sort: e.target.value })}>
          <SelectOptions items={TRANSPORT_SORTS} />
        </SelectField>
      </div>
      {counts ? (
        <CountFilters
          label={L.show}
          views={TRANSPORT_VIEWS.map((view) => ({
            value: view,
            label: TRANSPORT_VIEW_LABELS[view],
            count: counts[view],
          }))}
          value={choices.status ?? 'open'}
          onChange={(status) => setParams({ status: status === 'open' ? '' : status })}
        />
      ) : null}
      <PanelStates
        query={board}
        loading={L.loadingTransport}
        isEmpty={(data) => data.items.length === 0}
        empty={<Empty icon={Truck} title={L.noTransport} text={L.noTransportText} />}
      >
        {(data) => (
          <div ref={paging.listRef}>
            <DataTable
              label="Transport orders"
              columns={[
                'Car and dealer',
                'Status',
                'Route',
                'Price',
                'Windows',
                'Carrier and ETA',
                'Actions',
              ]}
            >
              {data.items.map((row) => (
                <TransportRow key={row.orderId} row={row} />
              ))}
            </DataTable>
            <Pager label="Transport orders" {...paging.pagerOf(data)} />
          </div>
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
