import { formatMi } from '@contracts/mileage-format';
import { formatUsd } from '@contracts/money';
import { formatCount } from '@contracts/number-format';
import type { VehicleSearchResult } from '@contracts/vehicle-search';
import {
  isSearchZip,
  NUMBER_FILTERS,
  type NumberFilter,
  numberFilterValue,
} from '@contracts/vehicle-search-options';
import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { memo, type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { validFilters } from '../api/search-vehicles';
import { DISTANCE_OPTIONS, distanceLabel } from '../inventory-query';
import { INVENTORY_TEXTS, vehicleCount } from '../inventory-texts';
import { type FilterName, type InventoryParams, NO_FILTERS } from '../use-inventory-params';
import { useSearchText } from '../use-search-text';
import { fieldClasses, NativeSelect } from './native-select';

type Facets = VehicleSearchResult['facets'];
type Distance = VehicleSearchResult['distance'];

const inputClasses = cn(
  fieldClasses,
  'px-3 text-base placeholder:text-slate-400 aria-[invalid=true]:border-red-500 sm:text-sm',
);

/** "Toyota (1,234)": a choice and how many it would list. */
export const withCount = (label: string, count: number | undefined) =>
  count === undefined ? label : `${label} (${formatCount(count)})`;

function Labelled({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid min-w-0 content-start gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** What a typed filter says when it cannot be read yet; null when it can (or is empty). */
function problemOf(name: FilterName, text: string): string | null {
  if (name === 'zip') return text.trim() === '' || isSearchZip(text.trim()) ? null : INVENTORY_TEXTS.zipHint;
  if (name in NUMBER_FILTERS) {
    const filter = name as NumberFilter;
    return numberFilterValue(filter, text) === null ? `Enter ${NUMBER_FILTERS[filter].what}` : null;
  }
  return null;
}

/**
 * A filter typed in a field of the GET form: its text is the field's own, written to the URL once
 * typing pauses (as the search box is), so every keystroke does not start a search.
 */
function TypedFilter({
  name,
  label,
  value,
  onChange,
  placeholder,
  note,
  maxLength,
  autoComplete = 'off',
}: {
  name: FilterName;
  label: string;
  value: string;
  onChange: (changes: Partial<InventoryParams>) => void;
  placeholder?: string | undefined;
  /** Said under the field when the text is fine (a range's end below its start, what blank means). */
  note?: string | undefined;
  maxLength: number;
  autoComplete?: string;
}) {
  const id = useId();
  const [text, setText] = useSearchText(value, (written) => onChange({ [name]: written }));
  // Said once the field is left (a year is not wrong while its first digits are typed).
  const [typing, setTyping] = useState(false);
  const problem = typing ? null : problemOf(name, text);
  const hint = problem ?? note;
  return (
    <Labelled id={id} label={label} hint={hint}>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete={autoComplete}
        enterKeyHint="search"
        maxLength={maxLength}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onFocus={() => setTyping(true)}
        onBlur={() => setTyping(false)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={inputClasses}
      />
    </Labelled>
  );
}

/**
 * A range typed as two fields side by side (years, prices). An end below the start is not sent
 * (validFilters) and says so.
 */
function RangeFilter({
  params,
  onChange,
  from: [start, startLabel],
  to: [end, endLabel],
  maxLength,
  placeholder,
  valid,
}: {
  params: InventoryParams;
  onChange: (changes: Partial<InventoryParams>) => void;
  from: [FilterName, string];
  to: [FilterName, string];
  maxLength: number;
  placeholder?: string;
  /** What the search sends of the filters. */
  valid: Record<FilterName, string>;
}) {
  const endDropped = params[end].trim() !== '' && valid[end] === '' && problemOf(end, params[end]) === null;
  return (
    <div className="grid grid-cols-2 gap-2">
      {[
        { name: start, label: startLabel, note: undefined },
        { name: end, label: endLabel, note: endDropped ? `Below “${startLabel}”: not applied` : undefined },
      ].map(({ name, label, note }) => (
        <TypedFilter
          key={name}
          name={name}
          label={label}
          value={params[name]}
          onChange={onChange}
          maxLength={maxLength}
          placeholder={placeholder}
          note={note}
        />
      ))}
    </div>
  );
}

/** A select of the filters, its choices as [value, label] pairs (the first the "any" choice, ''). */
function FilterSelect({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: FilterName;
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  return (
    <NativeSelect
      id={`inventory-${name}`}
      name={name}
      label={label}
      value={value}
      options={options.map(([option]) => option)}
      labels={Object.fromEntries(options)}
      onChange={onChange}
    />
  );
}

/**
 * A facet's choices for a select: "any", then each name with its count (alphabetical, for finding
 * one in a list), and the one chosen even when this search lists none of it. The value is the
 * facet's spelling of the chosen name (a link may write it in another case).
 */
function facetOptions(
  any: string,
  chosen: string,
  entries: { name: string; count: number }[],
): { value: string; options: [string, string][] } {
  const sorted = [...entries].sort((a, b) => a.name.localeCompare(b.name));
  const match = sorted.find((entry) => entry.name.toLowerCase() === chosen.trim().toLowerCase());
  const options: [string, string][] = [
    ['', any],
    ...sorted.map((e): [string, string] => [e.name, withCount(e.name, e.count)]),
  ];
  if (chosen.trim() && !match) options.push([chosen, withCount(chosen, 0)]);
  return { value: match?.name ?? chosen, options };
}

const range = (from: string, to: string, show: (value: number) => string) =>
  from && to
    ? `${show(Number(from))}–${show(Number(to))}`
    : from
      ? `${show(Number(from))}+`
      : to
        ? `up to ${show(Number(to))}`
        : null;

/** The filters in force, in a few words each, for the disclosure's one line. */
export function filterSummary(
  params: Record<FilterName, string>,
  distance: Distance | undefined,
  fromDeliveryZip: boolean,
) {
  const f = validFilters(params, fromDeliveryZip);
  // The answer names the place it measured from (the ZIP typed, or the dealer's); until it comes, the ZIP.
  const answered = distance && (f.zip === '' || f.zip === distance.zip);
  const place = answered ? distance.place : f.zip || INVENTORY_TEXTS.yourZip;
  return [
    [f.make, f.model].filter(Boolean).join(' ') || null,
    range(f.yearMin, f.yearMax, String),
    range(f.priceMin, f.priceMax, (n) => formatUsd(n)),
    f.maxMiles ? `≤ ${formatMi(Number(f.maxMiles))}` : null,
    f.within ? `within ${formatMi(Number(f.within))} of ${place}` : null,
  ].filter((part): part is string => part !== null);
}

/**
 * The Filters disclosure of the Vehicle Listings toolbar (a native <details>: it opens before the
 * page's code has run, and closed it is one line, so a phone's first screen shows cars): make and
 * model with their counts, model years, prices, the most miles, and within N road miles of a ZIP
 * (blank: a signed-in dealer's delivery ZIP). Its fields belong to the toolbar's GET form; before
 * the code has run, Show submits it, after, each change searches as it is made. Memoized: a
 * keystroke in the search box does not render it again.
 */
export const InventoryFilters = memo(function InventoryFilters({
  params,
  onChange,
  facets,
  distance,
  fromDeliveryZip,
  total,
}: {
  params: InventoryParams;
  onChange: (changes: Partial<InventoryParams>) => void;
  facets: Facets | undefined;
  distance: Distance | undefined;
  fromDeliveryZip: boolean;
  total: number | undefined;
}) {
  const disclosure = useRef<HTMLDetailsElement>(null);
  const summary = filterSummary(params, distance, fromDeliveryZip);
  const makes = facetOptions(
    INVENTORY_TEXTS.anyMake,
    params.make,
    (facets?.make ?? []).map(({ make, count }) => ({ name: make, count })),
  );
  const models = facetOptions(
    INVENTORY_TEXTS.anyModel,
    params.model,
    (facets?.model ?? []).map(({ model, count }) => ({ name: model, count })),
  );
  const valid = validFilters(params, fromDeliveryZip);
  const distances: [string, string][] = DISTANCE_OPTIONS.map((within) => [within, distanceLabel(within)]);
  if (!DISTANCE_OPTIONS.includes(params.within))
    distances.push([params.within, distanceLabel(params.within)]);
  return (
    <details
      ref={disclosure}
      className="group col-start-2 row-start-1 min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm open:col-span-2 open:col-start-1 open:row-start-3 lg:col-span-2 lg:col-start-1 lg:row-start-2 lg:open:row-start-2"
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-3 py-2 text-sm [&::-webkit-details-marker]:hidden">
        <SlidersHorizontal aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-600" />
        <span className="font-semibold text-slate-900">{INVENTORY_TEXTS.filtersTitle}</span>
        {summary.length > 0 ? (
          <span className="rounded-full bg-slate-900 px-2 text-xs font-semibold leading-5 text-white">
            {summary.length}
            <span className="sr-only"> set</span>
          </span>
        ) : null}
        <span
          className="hidden min-w-0 flex-1 truncate text-slate-600 group-open:block lg:block"
          data-testid="filter-summary"
        >
          {summary.length > 0 ? summary.join(' · ') : INVENTORY_TEXTS.filtersHint}
        </span>
        <ChevronDown
          aria-hidden="true"
          className="h-4 w-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="grid gap-3 border-t border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-4">
        <FilterSelect
          name="make"
          label={INVENTORY_TEXTS.makeLabel}
          value={makes.value}
          options={makes.options}
          onChange={(make) => onChange({ make, model: '' })}
        />
        <FilterSelect
          name="model"
          label={INVENTORY_TEXTS.modelLabel}
          value={models.value}
          options={models.options}
          onChange={(model) => onChange({ model })}
        />
        <RangeFilter
          params={params}
          onChange={onChange}
          from={['yearMin', 'Year from']}
          to={['yearMax', 'Year to']}
          maxLength={4}
          valid={valid}
        />
        <RangeFilter
          params={params}
          onChange={onChange}
          from={['priceMin', 'Min price']}
          to={['priceMax', 'Max price']}
          maxLength={12}
          placeholder="$"
          valid={valid}
        />
        <TypedFilter
          name="maxMiles"
          label={INVENTORY_TEXTS.maxMilesLabel}
          value={params.maxMiles}
          onChange={onChange}
          maxLength={10}
          placeholder="Any"
        />
        <div className="grid grid-cols-2 gap-2">
          <FilterSelect
            name="within"
            label={INVENTORY_TEXTS.withinLabel}
            value={params.within}
            options={distances}
            onChange={(within) => onChange({ within })}
          />
          <TypedFilter
            name="zip"
            label={INVENTORY_TEXTS.zipLabel}
            value={params.zip}
            onChange={onChange}
            maxLength={5}
            autoComplete="postal-code"
            placeholder={distance && !valid.zip ? distance.zip : undefined}
            note={
              params.within === '' || valid.zip
                ? undefined
                : fromDeliveryZip
                  ? INVENTORY_TEXTS.zipBlank
                  : INVENTORY_TEXTS.zipNeeded
            }
          />
        </div>
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
          <Button
            type="submit"
            size="sm"
            onClick={() => {
              // Once the code runs the list follows each change: Show folds the filters away.
              if (disclosure.current) disclosure.current.open = false;
            }}
          >
            {total === undefined ? INVENTORY_TEXTS.showResults : `Show ${vehicleCount(total)}`}
          </Button>
          {summary.length > 0 ? (
            <Button type="button" size="sm" variant="outline" onClick={() => onChange(NO_FILTERS)}>
              {INVENTORY_TEXTS.clearFiltersOnly}
            </Button>
          ) : null}
        </div>
      </div>
    </details>
  );
});
