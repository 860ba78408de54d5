import { ADMIN_TEXT } from '@contracts/admin';
import type { AdminListing } from '@contracts/listings';
import { isOnMarket } from '@contracts/vehicle-display';
import { Archive, Store, Tag } from 'lucide-react';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { Empty } from '@/components/ui/query-states';
import { SearchBox } from '@/components/ui/search-box';
import { FirstLookBadge } from '@/components/vehicle/first-look-badge';
import { formatMoney } from '@/lib/display/format';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import { ADMIN_LABELS } from '../../admin-texts';
import { useAdminVehicles } from '../../api/get-admin-vehicles';
import { Cell, DataTable, Row } from '../common/data-table';
import { EditConditionButton } from '../common/edit-condition-dialog';
import { Panel, PanelStates } from '../common/panel';
import { EditListingButton } from './edit-listing-dialog';
import { ReactivateListingButton, ReleaseFirstLookButton, RemoveListingButton } from './listing-actions';

const matches = (vehicle: AdminListing, query: string) => {
  if (!query) return true;
  const text = [
    vehicle.year,
    vehicle.make,
    vehicle.model,
    vehicle.trim,
    vehicle.vin,
    vehicle.sale?.dealerName,
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .every((word) => text.includes(word));
};

/** Manage Listings: active, sold and removed vehicles with Remove / Reactivate. */
export function ListingsTab() {
  const vehicles = useAdminVehicles();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const all = (vehicles.data ?? []).filter((v) => matches(v, deferred));
  const active = all.filter(isOnMarket);
  const sold = all.filter((v) => v.status === 'sold');
  const removed = all.filter((v) => v.status === 'removed');

  const body = (list: AdminListing[], empty: { title: string; icon: typeof Store }, kind: Kind) => (
    <PanelStates
      query={vehicles}
      loading={ADMIN_TEXT.loadingListings}
      isEmpty={() => list.length === 0}
      empty={<Empty icon={empty.icon} title={empty.title} />}
    >
      {() => <ListingTable vehicles={list} kind={kind} />}
    </PanelStates>
  );

  return (
    <div className="grid gap-6">
      <SearchBox
        label="Filter listings"
        placeholder="Filter by VIN, year, make, model or buyer"
        value={query}
        onChange={setQuery}
        className="max-w-md"
      />
      <Panel
        title={<Counted label={ADMIN_LABELS.activeListings} count={vehicles.data ? active.length : null} />}
      >
        {body(active, { title: ADMIN_TEXT.noActiveListings, icon: Store }, 'active')}
      </Panel>
      <Panel title={<Counted label={ADMIN_LABELS.soldVehicles} count={vehicles.data ? sold.length : null} />}>
        {body(sold, { title: ADMIN_TEXT.noSoldVehicles, icon: Tag }, 'sold')}
      </Panel>
      <Panel
        title={<Counted label="Removed Listings" count={vehicles.data ? removed.length : null} />}
        description="Taken off the market by an admin; reactivate to list them again."
      >
        {body(removed, { title: 'No removed listings', icon: Archive }, 'removed')}
      </Panel>
    </div>
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

function ListingTable({ vehicles, kind }: { vehicles: AdminListing[]; kind: Kind }) {
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
  const label =
    kind === 'active'
      ? ADMIN_LABELS.activeListings
      : kind === 'sold'
        ? ADMIN_LABELS.soldVehicles
        : 'Removed Listings';
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
