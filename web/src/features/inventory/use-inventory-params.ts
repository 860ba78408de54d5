import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'wouter';
import {
  CERT_FILTERS,
  type CertFilter,
  GRADE_FILTERS,
  type GradeFilter,
  SORTS,
  type SortKey,
  VIEWS,
  type ViewMode,
} from './inventory-query';

/**
 * The filters of the Filters disclosure, each a query parameter and a field of the toolbar's GET
 * form, named as the search API names them; '' = not set. Kept as written (a ZIP half typed stays
 * in its field); what a search sends is only what is valid (inventorySearchOf).
 */
export const FILTER_NAMES = [
  'make',
  'model',
  'yearMin',
  'yearMax',
  'priceMin',
  'priceMax',
  'maxMiles',
  'within',
  'zip',
] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

export interface InventoryParams extends Record<FilterName, string> {
  q: string;
  cert: CertFilter;
  grade: GradeFilter;
  sort: SortKey;
  view: ViewMode;
}

/** No filter: every filter empty. */
export const NO_FILTERS = Object.fromEntries(FILTER_NAMES.map((name) => [name, ''])) as Record<
  FilterName,
  string
>;

const DEFAULTS: InventoryParams = {
  q: '',
  cert: 'all',
  grade: 'any',
  sort: 'newest',
  view: 'grid',
  ...NO_FILTERS,
};

/** A filter as long as a field takes (the API refuses a longer make or model). */
const MAX_FILTER_TEXT = 60;

const pick = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The page's state in a query string; unknown or missing values are the defaults. */
export const parseInventoryParams = (searchParams: URLSearchParams): InventoryParams => ({
  q: searchParams.get('q') ?? DEFAULTS.q,
  cert: pick(CERT_FILTERS, searchParams.get('cert'), DEFAULTS.cert),
  grade: pick(GRADE_FILTERS, searchParams.get('grade'), DEFAULTS.grade),
  sort: pick(SORTS, searchParams.get('sort'), DEFAULTS.sort),
  view: pick(VIEWS, searchParams.get('view'), DEFAULTS.view),
  ...(Object.fromEntries(
    FILTER_NAMES.map((name) => [name, (searchParams.get(name) ?? '').slice(0, MAX_FILTER_TEXT)]),
  ) as Record<FilterName, string>),
});

/** The choices that make a history entry of their own (the selects); typed values replace the entry. */
const STEPS = ['cert', 'grade', 'sort', 'make', 'model', 'within'] as const;

/**
 * Search, filters, sort and view live in the query string (?q=&cert=&grade=&sort=&view=&make=…),
 * so a reload or a shared link shows the same list. Defaults are left out to keep links short. A
 * choice in a select is a history entry (Back returns to the list before it); the search text,
 * typed filters and the view replace the current entry instead of piling up one per keystroke.
 */
export function useInventoryParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseInventoryParams(searchParams), [searchParams]);
  const current = useRef(params);
  current.current = params;

  const update = useCallback(
    (changes: Partial<InventoryParams>) => {
      // A certification, grade or sort chosen is a step the back button returns from; the text as
      // it is typed and the view replace the current entry.
      const isStep = STEPS.some((key) => changes[key] !== undefined && changes[key] !== current.current[key]);
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes) as [keyof InventoryParams, string][]) {
            if (value === DEFAULTS[key]) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: !isStep },
      );
    },
    [setSearchParams],
  );

  return [params, update] as const;
}
