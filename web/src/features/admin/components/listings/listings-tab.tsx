import { ADMIN_TEXT } from '@contracts/admin';
import type { AdminListing } from '@contracts/listings';
import { Archive, Store, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Pager, useListParams, useServerPaged } from '@/components/ui/pager';
import { Empty } from '@/components/ui/query-states';
import { PausedSearchBox } from '@/components/ui/search-box';
import { FirstLookBadge } from '@/components/vehicle/first-look-badge';
import { formatMoney } from '@/lib/display/format';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import { ADMIN_LABELS } from '../../admin-texts';
import { useAdminVehiclePage } from '../../api/get-admin-vehicles';
import { Cell, DataTable, Row } from '../common/data-table';
import { EditConditionButton } from '../common/edit-condition-button';
import { Panel, PanelStates } from '../common/panel';
import { EditListingButton } from './edit-listing-dialog';
import { ReactivateListingButton, ReleaseFirstLookButton, RemoveListingButton } from './listing-actions';

/**
 * Manage Listings: active, sold and removed vehicles with Remove / Reactivate, each list a page at
 * a time from the server (issue #47), searched on the server; the search is in the URL (`l.q`).
 */
export function ListingsTab() {
  const [params, setParams] = useListParams('l.', ['q']);
  const q = params.q;

  return (
    <div className="grid gap-6">
      <PausedSearchBox
        label="Filter listings"
        placeholder="Filter by VIN, year, make, model or buyer"
        value={params.q}
        onSearch={(q) => setParams({ q })}
        className="max-w-md"
      />
      <ListingPanel
        kind="active"
        q={q}
        label={ADMIN_LABELS.activeListings}
        empty={ADMIN_TEXT.noActiveListings}
        icon={Store}
      />
      <ListingPanel
        kind="sold"
        q={q}
        label={ADMIN_LABELS.soldVehicles}
        empty={ADMIN_TEXT.noSoldVehicles}
        icon={Tag}
      />
      <ListingPanel
        kind="removed"
        q={q}
        label="Removed Listings"
        empty="No removed listings"
        icon={Archive}
        description="Taken off the market by an admin; reactivate to list them again."
      />
    </div>
  );
}

/** One of the tab's lists: its page from the server, its total in the heading, its pager. */
function ListingPanel({
  kind,
  q,
  label,
  empty,
  icon,
  description,
}: {
  kind: Kind;
  q: string;
  label: string;
  empty: string;
  icon: typeof Store;
  description?: string;
}) {
  const paged = useServerPaged<HTMLDivElement>(`${kind}|${q}`);
  const page = useAdminVehiclePage({
    list: kind,
    ...(q ? { q } : {}),
    cursor: paged.cursor,
    limit: paged.limit,
  });
  const list = page.data?.items ?? [];
  return (
    <Panel
      title={<Counted label={label} count={page.data ? page.data.total : null} />}
      description={description}
    >
      <PanelStates
        query={page}
        loading={ADMIN_TEXT.loadingListings}
        isEmpty={() => list.length === 0}
        empty={<Empty icon={icon} title={empty} />}
      >
        {() => (
          <div ref={paged.listRef}>
            <ListingTable vehicles={list} kind={kind} label={label} />
            <Pager label={label} {...paged.pagerOf(page.data)} />
          </div>
        )}
      </PanelStates>
    </Panel>
  );
}

type Kind = 'active' | 'sold' | 'removed';

function Counted({ label, count }: { label: string; count: number | null }): ReactNode {
  return (
    <>
      {label}
      {count === null ? null : <span className="ml-2 text-sm font-normal text-slate-500">({count})</span>}
    </>
  );
}

function ListingTable({ vehicles, kind, label }: { vehicles: AdminListing[]; kind: Kind; label: string }) {
  const columns = [
    'Year',
    'Make',
    'Model',
    'Trim',
    'VIN',
    'Price',
    ...(kind === 'sold' ? ['Buyer'] : []),
    'Action',
  ];
  return (
    <DataTable label={label} columns={columns}>
      {vehicles.map((vehicle) => (
        <Row key={vehicle.id} data-testid={`listing-${vehicle.id}`}>
          {/* Phones get one compact heading instead of four labelled cells. */}
          <Cell phone="only">
            <span className="block font-semibold text-slate-900">
              {vehicleTitle(vehicle)} {vehicle.trim}
            </span>
            <span className="block font-mono text-xs text-slate-600">{vehicle.vin}</span>
          </Cell>
          <Cell phone="hidden">{vehicle.year ?? '—'}</Cell>
          <Cell phone="hidden">{vehicle.make ?? '—'}</Cell>
          <Cell phone="hidden" className="font-medium text-slate-900">
            {vehicle.model ?? '—'}
          </Cell>
          <Cell phone="hidden">{vehicle.trim || '—'}</Cell>
          <Cell phone="hidden" className="font-mono text-xs text-slate-700">
            {vehicle.vin}
          </Cell>
          <Cell label="Price" className="tabular-nums">
            {formatMoney(vehicle.price)}
            {vehicle.firstLookUntil ? (
              <FirstLookBadge until={vehicle.firstLookUntil} className="mt-1 block w-fit" />
            ) : null}
          </Cell>
          {kind === 'sold' ? (
            <Cell label="Buyer">
              {vehicle.sale ? (
                <span>
                  {vehicle.sale.dealerName}
                  <span className="block text-xs text-slate-500">
                    sold for {formatMoney(vehicle.sale.amount)}
                  </span>
                </span>
              ) : (
                '—'
              )}
            </Cell>
          ) : null}
          <Cell className="md:text-right max-md:justify-end max-md:pt-2">
            <span className="inline-flex flex-wrap justify-end gap-2">
              <EditConditionButton vehicleId={vehicle.id} name={vehicleTitle(vehicle)} />
              {kind === 'active' ? <EditListingButton vehicle={vehicle} /> : null}
              {kind === 'active' && vehicle.firstLookUntil ? (
                <ReleaseFirstLookButton vehicle={vehicle} />
              ) : null}
              {kind === 'active' ? (
                <RemoveListingButton vehicle={vehicle} />
              ) : (
                <ReactivateListingButton vehicle={vehicle} />
              )}
            </span>
          </Cell>
        </Row>
      ))}
    </DataTable>
  );
}
