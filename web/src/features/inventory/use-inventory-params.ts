import { useCallback, useMemo } from 'react';
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

export interface InventoryParams {
  q: string;
  cert: CertFilter;
  grade: GradeFilter;
  sort: SortKey;
  view: ViewMode;
}

const DEFAULTS: InventoryParams = { q: '', cert: 'all', grade: 'any', sort: 'newest', view: 'grid' };

const pick = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The page's state in a query string; unknown or missing values are the defaults. */
export const parseInventoryParams = (searchParams: URLSearchParams): InventoryParams => ({
  q: searchParams.get('q') ?? DEFAULTS.q,
  cert: pick(CERT_FILTERS, searchParams.get('cert'), DEFAULTS.cert),
  grade: pick(GRADE_FILTERS, searchParams.get('grade'), DEFAULTS.grade),
  sort: pick(SORTS, searchParams.get('sort'), DEFAULTS.sort),
  view: pick(VIEWS, searchParams.get('view'), DEFAULTS.view),
});

/**
 * Search, filter, sort and view live in the query string (?q=&cert=&grade=&sort=&view=), so a reload
 * or a shared link shows the same list. Defaults are left out to keep links short; changes
 * replace the history entry instead of piling up one per keystroke.
 */
export function useInventoryParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseInventoryParams(searchParams), [searchParams]);

  const update = useCallback(
    (changes: Partial<InventoryParams>) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes) as [keyof InventoryParams, string][]) {
            if (value === DEFAULTS[key]) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return [params, update] as const;
}
