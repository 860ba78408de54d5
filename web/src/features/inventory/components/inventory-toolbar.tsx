import { ChevronDown, LayoutGrid, List, Search, X } from 'lucide-react';
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
import type { InventoryParams } from '../use-inventory-params';

const CERT_LABELS: Record<CertFilter, string> = {
  all: INVENTORY_TEXTS.allListings,
  premium: INVENTORY_TEXTS.premium.label,
  auction: INVENTORY_TEXTS.auction.label,
};

const selectClasses =
  'h-11 w-full appearance-none truncate rounded-lg border border-slate-300 bg-white pl-3 pr-8 text-sm text-slate-900 shadow-sm hover:border-slate-400';

function NativeSelect<T extends string>({
  id,
  name,
  label,
  value,
  options,
  labels,
  onChange,
}: {
  id: string;
  /** The query parameter it is sent as by the toolbar's GET form. */
  name: keyof InventoryParams;
  label: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value as T)}
          className={selectClasses}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute right-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
        />
      </div>
    </div>
  );
}

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
 * Search, certification and grade filters and sort of the Vehicle Listings page (docs/product.md §2). A GET
 * form whose fields are the page's query parameters: before the app has run, Enter in the search
 * box asks the server for the results page (ADR 0020); once it runs, the page searches as it goes.
 */
export function InventoryToolbar({
  params,
  onChange,
  searchText,
  onSearchTextChange,
}: {
  params: InventoryParams;
  onChange: (changes: Partial<InventoryParams>) => void;
  searchText: string;
  onSearchTextChange: (text: string) => void;
}) {
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
    for (const key of ['cert', 'grade', 'sort'] as const) {
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
      className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-end"
    >
      {params.view !== 'grid' ? <input type="hidden" name="view" value={params.view} /> : null}
      <div className="grid gap-1">
        <label htmlFor="inventory-search" className="text-xs font-medium text-slate-600">
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
      <div className="grid grid-cols-3 gap-2 sm:gap-3 lg:w-[40rem]">
        <NativeSelect
          id="inventory-certification"
          name="cert"
          label={INVENTORY_TEXTS.filterLabel}
          value={params.cert}
          options={CERT_FILTERS}
          labels={CERT_LABELS}
          onChange={(cert) => onChange({ cert })}
        />
        <NativeSelect<GradeFilter>
          id="inventory-grade"
          name="grade"
          label={INVENTORY_TEXTS.gradeLabel}
          value={params.grade}
          options={GRADE_FILTERS}
          labels={GRADE_FILTER_LABELS}
          onChange={(grade) => onChange({ grade })}
        />
        <NativeSelect<SortKey>
          id="inventory-sort"
          name="sort"
          label={INVENTORY_TEXTS.sortLabel}
          value={params.sort}
          options={SORTS}
          labels={SORT_LABELS}
          onChange={(sort) => onChange({ sort })}
        />
      </div>
    </form>
  );
}
