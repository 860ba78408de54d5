import type { ReactNode } from 'react';
import { DayField, SelectField, SelectOptions } from '@/components/ui/fields';
import { PausedSearchBox, SearchBox, usePausedSearch } from '@/components/ui/search-box';

type Choice = 'q' | 'show' | 'sort' | 'from' | 'to';

/**
 * The choices of an admin list paged by the server (issue #47, docs/features/admin-lists.md): the
 * search (VIN, dealer or number; sent once the admin pauses), Show, Sort and a range of days, each
 * kept by `set` (the URL, useListParams); `children` adds the list's own choices.
 */
export function ListChoices({
  values,
  set,
  shows,
  sorts,
  days: [fromLabel, toLabel],
  children,
}: {
  values: Record<Choice, string>;
  set: (next: Partial<Record<Choice, string>>) => void;
  shows: Record<string, string>;
  sorts: Record<string, string>;
  /** The labels of the first and last day ("Sold from", "Sold until"). */
  days: [string, string];
  children?: ReactNode;
}) {
  const [text, setText] = usePausedSearch(values.q, (q) => set({ q }));
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <SearchBox
        label="Search by VIN, dealer or number"
        value={text}
        onChange={setText}
        className="sm:col-span-2 lg:col-span-1"
      />
      <SelectField label="Show" value={values.show} onChange={(e) => set({ show: e.target.value })}>
        <SelectOptions items={shows} />
      </SelectField>
      <SelectField label="Sort" value={values.sort} onChange={(e) => set({ sort: e.target.value })}>
        <SelectOptions items={sorts} />
      </SelectField>
      <DayField label={fromLabel} value={values.from} onChange={(from) => set({ from })} />
      <DayField label={toLabel} value={values.to} onChange={(to) => set({ to })} />
      {children}
    </div>
  );
}

/**
 * The search (VIN, dealer or number) and Sort of a board whose other choices are its state buttons
 * (work orders, floor plan): each kept by `set` (the URL, useListParams).
 */
export function SearchAndSort({
  q,
  sort,
  sorts,
  set,
}: {
  q: string;
  sort: string | undefined;
  sorts: Record<string, string>;
  set: (next: { q?: string; sort?: string }) => void;
}) {
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2">
      <PausedSearchBox
        label="Search by VIN, dealer or number"
        value={q}
        onSearch={(next) => set({ q: next })}
      />
      <SelectField label="Sort" value={sort} onChange={(e) => set({ sort: e.target.value })}>
        <SelectOptions items={sorts} />
      </SelectField>
    </div>
  );
}
