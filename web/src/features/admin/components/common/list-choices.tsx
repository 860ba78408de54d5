import { CalendarRange } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DayField, SelectField, SelectOptions } from '@/components/ui/fields';
import { PausedSearchBox, SearchBox, usePausedSearch } from '@/components/ui/search-box';

type Choice = 'q' | 'show' | 'sort' | 'from' | 'to';

/**
 * The choices of an admin list paged by the server (issue #47, docs/features/admin-lists.md): the
 * search (VIN, dealer or number; sent once the admin pauses), Show, Sort and a range of days (behind
 * a button until wanted: `DayRange`), each kept by `set` (the URL, useListParams); `children` adds
 * the list's own choices.
 */
export function ListChoices({
  values,
  set,
  shows,
  sorts,
  days,
  children,
}: {
  values: Record<Choice, string>;
  set: (next: Partial<Record<Choice, string>>) => void;
  shows: Record<string, string>;
  sorts: Record<string, string>;
  /** The range's button, then its first and last day ("Sale dates", "Sold from", "Sold until"). */
  days: DayLabels;
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
      <DayRange labels={days} from={values.from} to={values.to} set={set} />
      {children}
    </div>
  );
}

type DayLabels = [button: string, from: string, to: string];

/**
 * The list's first and last day, shown once the admin asks for them (or whenever the URL holds a
 * day: a chosen range is never hidden). A page's first date field is a long task on a slow phone as the browser builds
 * it (its date format: ~0.1 s at 4× slowdown, issue #47), and on a phone the two fields stood
 * between the other choices and the list. Opened by its button, the first field takes the focus
 * the button had.
 */
function DayRange({
  labels: [button, fromLabel, toLabel],
  from,
  to,
  set,
}: {
  labels: DayLabels;
  from: string;
  to: string;
  set: (next: Partial<Record<Choice, string>>) => void;
}) {
  const [asked, setAsked] = useState(false);
  const fields = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asked) fields.current?.querySelector('input')?.focus();
  }, [asked]);
  if (!asked && !from && !to)
    return (
      <Button
        variant="outline"
        className="h-11 self-end justify-self-start"
        aria-expanded={false}
        onClick={() => setAsked(true)}
      >
        <CalendarRange aria-hidden="true" className="h-4 w-4" />
        {button}
      </Button>
    );
  return (
    <div ref={fields} className="contents">
      <DayField label={fromLabel} value={from} onChange={(day) => set({ from: day })} />
      <DayField label={toLabel} value={to} onChange={(day) => set({ to: day })} />
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
