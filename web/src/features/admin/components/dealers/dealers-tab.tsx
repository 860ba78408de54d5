import { ADMIN_TEXT } from '@contracts/admin';
import {
  DEALER_SORTS,
  DEALER_STATES,
  type Dealer,
  type DealerSort,
  type DealersQuery,
} from '@contracts/dealers';
import { formatCount } from '@contracts/number-format';
import { Building2, KeyRound } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SelectField, SelectOptions } from '@/components/ui/fields';
import { Pager, useListParams, useServerPaged } from '@/components/ui/pager';
import { Empty } from '@/components/ui/query-states';
import { SearchBox, usePausedSearch } from '@/components/ui/search-box';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { ADMIN_LABELS } from '../../admin-texts';
import type { CreatedDealer } from '../../api/create-dealer';
import { useDealers } from '../../api/get-dealers';
import { useUpdateDealer } from '../../api/update-dealer';
import { Cell, DataTable, Row } from '../common/data-table';
import { Panel, PanelStates } from '../common/panel';
import { AddDealerForm } from './add-dealer-form';
import { DealerBuyCodes } from './dealer-buy-codes';
import { DealerTeam } from './dealer-team';
import { NewDealerCode } from './new-dealer-code';

/** "Show": every dealer, or the active or inactive ones. */
const SHOW = { '': 'All dealers', ...DEALER_STATES } as const;
const isStatus = (show: string): show is keyof typeof DEALER_STATES => Object.hasOwn(DEALER_STATES, show);
const isSort = (sort: string): sort is DealerSort => Object.hasOwn(DEALER_SORTS, sort);
/** The list's state in the URL (`/admin?tab=dealers&dl-q=harbor&dl-show=inactive`). */
const PARAMS = ['show', 'sort', 'q'] as const;

/** Manage Dealers: the list, activation, the selected dealer's buy codes and the add-dealer form. */
export function DealersTab() {
  const [params, setParams] = useListParams('dl-', PARAMS);
  const choices = useMemo(
    (): Omit<DealersQuery, 'cursor' | 'limit'> => ({
      sort: isSort(params.sort) ? params.sort : 'name',
      ...(isStatus(params.show) ? { status: params.show } : {}),
      ...(params.q ? { q: params.q } : {}),
    }),
    [params.sort, params.show, params.q],
  );
  const paging = useServerPaged<HTMLDivElement>(JSON.stringify(choices));
  const dealers = useDealers({ ...choices, cursor: paging.cursor, limit: paging.limit });
  const [text, setText] = usePausedSearch(params.q, (q) => setParams({ q }));
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = Number(searchParams.get('dealer')) || null;
  // The selected dealer may be on another page: read it by its id.
  const chosen = useDealers({ id: selectedId ?? undefined, limit: 1 }, selectedId !== null);
  const selected = (selectedId && chosen.data?.items.find((d) => d.id === selectedId)) || null;
  const counts = dealers.data?.counts;
  const [created, setCreated] = useState<CreatedDealer | null>(null);
  const codesRef = useRef<HTMLDivElement>(null);
  const [scrollToCodes, setScrollToCodes] = useState(false);

  const select = (id: number, scroll = true) => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('dealer', String(id));
        return next;
      },
      { replace: true },
    );
    setScrollToCodes(scroll);
  };
  useEffect(() => {
    if (!scrollToCodes || !selected) return;
    codesRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
    setScrollToCodes(false);
  }, [scrollToCodes, selected]);

  return (
    <div className="grid gap-6">
      {created ? <NewDealerCode dealer={created} onDismiss={() => setCreated(null)} /> : null}
      <Panel
        title={ADMIN_LABELS.manageDealers}
        description="Activate or deactivate a dealer; select one to see and generate its buy codes."
      >
        <div className="mb-4 grid gap-3 sm:grid-cols-3">
          <SearchBox label="Search by name, e-mail, phone or ZIP" value={text} onChange={setText} />
          <SelectField label="Show" value={params.show} onChange={(e) => setParams({ show: e.target.value })}>
            <SelectOptions items={SHOW} />
          </SelectField>
          <SelectField label="Sort" value={params.sort} onChange={(e) => setParams({ sort: e.target.value })}>
            <SelectOptions items={DEALER_SORTS} />
          </SelectField>
        </div>
        <p className="mb-2 text-sm text-slate-700" aria-live="polite">
          {counts ? `${formatCount(counts.active)} active · ${formatCount(counts.inactive)} inactive` : null}
        </p>
        <PanelStates
          query={dealers}
          loading="Loading dealers..."
          isEmpty={(data) => data.items.length === 0}
          empty={
            choices.q || choices.status ? (
              <Empty icon={Building2} title="No matching dealers" />
            ) : (
              <Empty
                icon={Building2}
                title="No dealers yet"
                text="Add the first dealer with the form below."
              />
            )
          }
        >
          {(data) => (
            <div ref={paging.listRef}>
              <DataTable
                label="Dealers"
                columns={['Dealer', 'Contact', 'Billing / Title', 'Status', 'Actions']}
              >
                {data.items.map((dealer) => (
                  <DealerRow
                    key={dealer.id}
                    dealer={dealer}
                    isSelected={dealer.id === selectedId}
                    onSelect={() => select(dealer.id)}
                  />
                ))}
              </DataTable>
              <Pager label="Dealers" {...paging.pagerOf(data)} />
            </div>
          )}
        </PanelStates>
      </Panel>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div ref={codesRef} className="scroll-mt-4">
          {selected ? (
            <div className="grid gap-6">
              <DealerBuyCodes dealer={selected} />
              <DealerTeam dealer={selected} />
            </div>
          ) : (
            <Panel title="Buy codes">
              <Empty
                icon={KeyRound}
                title="No dealer selected"
                text="Choose 'Buy codes' on a dealer to see its codes."
              />
            </Panel>
          )}
        </div>
        <Panel title={ADMIN_LABELS.addDealer} description="All eleven fields are required.">
          <AddDealerForm
            onCreated={(dealer) => {
              setCreated(dealer);
              select(dealer.id, false);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        </Panel>
      </div>
    </div>
  );
}

function DealerRow({
  dealer,
  isSelected,
  onSelect,
}: {
  dealer: Dealer;
  isSelected: boolean;
  onSelect: () => void;
}) {
  const update = useUpdateDealer();
  const toggle = () =>
    update.mutate(
      { id: dealer.id, active: !dealer.active },
      {
        onSuccess: (saved) =>
          toast({
            title: ADMIN_TEXT.dealerStatusUpdated,
            description: `${saved.dealerName} is now ${saved.active ? 'active' : 'inactive'}.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to update dealer status',
            description: error.message,
          }),
      },
    );
  return (
    <Row
      data-testid={`dealer-${dealer.id}`}
      className={cn(isSelected && 'bg-brand-50/60 max-md:ring-2 max-md:ring-brand-600')}
    >
      <Cell phone="heading">
        <span className="min-w-0">
          <span className="block font-semibold text-slate-900">{dealer.dealerName}</span>
          <span className="block text-xs text-slate-500">{dealer.address}</span>
        </span>
      </Cell>
      <Cell label="Contact" phone="block">
        <span className="min-w-0 break-words">
          <span className="block text-slate-900">{dealer.contactName}</span>
          <span className="block text-xs text-slate-600">{dealer.email}</span>
          <span className="block text-xs text-slate-600">{dealer.phone}</span>
        </span>
      </Cell>
      <Cell label="Billing / Title" phone="block">
        <span className="min-w-0 text-xs text-slate-600">
          <span className="block">
            Billing: {dealer.billingContactName}, {dealer.billingContactEmail}
          </span>
          <span className="block">
            Title: {dealer.titleContactName}, {dealer.titleContactEmail}
          </span>
        </span>
      </Cell>
      <Cell label="Status">
        <Badge tone={dealer.active ? 'green' : 'gray'}>{dealer.active ? 'Active' : 'Inactive'}</Badge>
      </Cell>
      <Cell className="max-md:justify-end max-md:pt-2">
        <span className="flex flex-wrap justify-end gap-2">
          <Button
            size="sm"
            variant={isSelected ? 'primary' : 'outline'}
            aria-pressed={isSelected}
            onClick={onSelect}
          >
            <KeyRound aria-hidden="true" className="h-4 w-4" />
            Buy codes<span className="sr-only"> of {dealer.dealerName}</span>
          </Button>
          <Button size="sm" variant="outline" onClick={toggle} disabled={update.isPending}>
            {dealer.active ? ADMIN_LABELS.deactivate : ADMIN_LABELS.activate}
            <span className="sr-only"> {dealer.dealerName}</span>
          </Button>
        </span>
      </Cell>
    </Row>
  );
}
