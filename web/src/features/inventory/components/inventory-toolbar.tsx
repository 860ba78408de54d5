import type { VehicleSearchResult } from '@contracts/vehicle-search';
import { LayoutGrid, List, Search, X } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import {
  CERT_FILTERS,
  type CertFilter,
  GRADE_FILTER_LABELS,
  GRADE_FILTERS,
  type GradeFilter,
  SORT_LABELS,
  SORTS,
  type SortKey,
  type ViewMode,
} from '../inventory-query';
import { INVENTORY_TEXTS } from '../inventory-texts';
import { FILTER_NAMES, type InventoryParams } from '../use-inventory-params';
import { InventoryFilters, withCount } from './inventory-filters';
import { NativeSelect } from './native-select';

const CERT_LABELS: Record<CertFilter, string> = {
  all: INVENTORY_TEXTS.allListings,
  premium: INVENTORY_TEXTS.premium.label,
  auction: INVENTORY_TEXTS.auction.label,
};

/** Hidden on a phone, where the chosen value ("All Listings", "Newest First") says what it is. */
const PHONE_HIDDEN_LABEL = 'sr-only sm:not-sr-only';

export function ViewToggle({ view, onChange }: { view: ViewMode; onChange: (view: ViewMode) => void }) {
  const options = [
    { value: 'grid' as const, label: INVENTORY_TEXTS.gridView, Icon: LayoutGrid },
    { value: 'list' as const, label: INVENTORY_TEXTS.listView, Icon: List },
  ];
  return (
    <fieldset className="flex h-10 rounded-lg border border-slate-300 bg-white p-1 shadow-sm">
      <legend className="sr-only">View</legend>
      {options.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          aria-label={label}
          title={label}
          onClick={() => onChange(value)}
          className={cn(
            'inline-flex w-10 items-center justify-center rounded-md transition-colors',
            view === value ? 'bg-slate-900 text-white' : 'text-slate-600 hover:bg-slate-100',
          )}
        >
          <Icon aria-hidden="true" className="h-4 w-4" />
        </button>
      ))}
    </fieldset>
  );
}

/**
 * Search, certification and grade filters, sort and the Filters disclosure of the Vehicle Listings
 * page (docs/product.md §2). A GET form whose fields are the page's query parameters: before the app
 * has run, Enter in the search box (or Show in the filters) asks the server for the results page
 * (ADR 0020); once it runs, the page searches as it goes. The choices show how many each would list
 * (the answer's facets, each counted with the other choices applied).
 */
export function InventoryToolbar({
  params,
  onChange,
  answer,
  fromDeliveryZip,
  searchText,
  onSearchTextChange,
}: {
  params: InventoryParams;
  onChange: (changes: Partial<InventoryParams>) => void;
  /** The first page of the current answer (its facets and total), once there is one. */
  answer: VehicleSearchResult | undefined;
  /** A dealer is signed in: a distance with no ZIP is measured from its delivery ZIP. */
  fromDeliveryZip: boolean;
  searchText: string;
  onSearchTextChange: (text: string) => void;
}) {
  const facets = answer?.facets;
  const certLabels: Record<CertFilter, string> = {
    all: CERT_LABELS.all,
    premium: withCount(CERT_LABELS.premium, facets?.certification.premium),
    auction: withCount(CERT_LABELS.auction, facets?.certification.auction),
  };
  const gradeLabels = Object.fromEntries(
    GRADE_FILTERS.map((grade) => [
      grade,
      withCount(GRADE_FILTER_LABELS[grade], facets?.grade.find((g) => g.min === grade)?.count),
    ]),
  ) as Record<GradeFilter, string>;
  const formRef = useRef<HTMLFormElement>(null);
  // What was typed or chosen on the server's page before the app attached stays in the fields
  // (React keeps it when it hydrates): the page adopts it rather than its first values (ADR 0020).
  // Once, as the toolbar attaches, before anything renders again and resets the selects.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields are read once, on attaching
  useLayoutEffect(() => {
    if (!formRef.current) return;
    const fields = new FormData(formRef.current);
    const typed = String(fields.get('q') ?? searchText);
    if (typed !== searchText) onSearchTextChange(typed);
    const chosen: Partial<InventoryParams> = {};
    for (const key of ['cert', 'grade', 'sort', ...FILTER_NAMES] as const) {
      const value = fields.get(key);
      if (typeof value === 'string' && value !== params[key]) Object.assign(chosen, { [key]: value });
    }
    if (Object.keys(chosen).length > 0) onChange(chosen);
  }, []);
  return (
    <form
      ref={formRef}
      method="get"
      action="/inventory"
      // No values restored by the browser on Back: the URL says what the fields hold, and a restored
      // sort from another entry would be adopted as the user's choice (a hydration mismatch).
      autoComplete="off"
      onSubmit={(event) => event.preventDefault()}
      // A phone: the search and the Filters button in one row, the selects in the next, the filters
      // opening under them. Wide: the search and the selects in one row, the filters under them.
      className="grid grid-cols-[minmax(0,1fr)_auto] gap-2 sm:gap-3 lg:items-end"
    >
      {params.view !== 'grid' ? <input type="hidden" name="view" value={params.view} /> : null}
      <div className="grid gap-1">
        <label
          htmlFor="inventory-search"
          className={cn('text-xs font-medium text-slate-600', PHONE_HIDDEN_LABEL)}
        >
          {INVENTORY_TEXTS.searchLabel}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
          />
          <input
            id="inventory-search"
            name="q"
            type="search"
            inputMode="search"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            placeholder={INVENTORY_TEXTS.searchPlaceholder}
            value={searchText}
            onChange={(e) => onSearchTextChange(e.target.value)}
            className="h-11 w-full rounded-lg border border-slate-300 bg-white pl-9 pr-10 text-base text-slate-900 shadow-sm placeholder:text-slate-400 hover:border-slate-400 sm:text-sm [&::-webkit-search-cancel-button]:hidden"
          />
          {searchText ? (
            <button
              type="button"
              aria-label="Clear search"
              onClick={() => onSearchTextChange('')}
              className="absolute right-1.5 top-1/2 inline-flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          ) : null}
        </div>
      </div>
      <div className="col-span-2 grid grid-cols-3 gap-2 sm:gap-3 lg:col-span-1 lg:w-[40rem]">
        <NativeSelect
          id="inventory-certification"
          name="cert"
          label={INVENTORY_TEXTS.filterLabel}
          labelClassName={PHONE_HIDDEN_LABEL}
          value={params.cert}
          options={CERT_FILTERS}
          labels={certLabels}
          onChange={(cert) => onChange({ cert })}
        />
        <NativeSelect<GradeFilter>
          id="inventory-grade"
          name="grade"
          label={INVENTORY_TEXTS.gradeLabel}
          labelClassName={PHONE_HIDDEN_LABEL}
          value={params.grade}
          options={GRADE_FILTERS}
          labels={gradeLabels}
          onChange={(grade) => onChange({ grade })}
        />
        <NativeSelect<SortKey>
          id="inventory-sort"
          name="sort"
          label={INVENTORY_TEXTS.sortLabel}
          labelClassName={PHONE_HIDDEN_LABEL}
          value={params.sort}
          options={SORTS}
          labels={SORT_LABELS}
          onChange={(sort) => onChange({ sort })}
        />
      </div>
      <InventoryFilters
        params={params}
        onChange={onChange}
        facets={facets}
        distance={answer?.distance}
        fromDeliveryZip={fromDeliveryZip}
        total={answer?.total}
      />
    </form>
  );
}
