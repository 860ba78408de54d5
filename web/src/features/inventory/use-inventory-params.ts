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

/** The choices that make a history entry of their own. */
const STEPS = ['cert', 'grade', 'sort'] as const;

/**
 * Search, filter, sort and view live in the query string (?q=&cert=&grade=&sort=&view=), so a reload
 * or a shared link shows the same list. Defaults are left out to keep links short. A new
 * certification, grade or sort is a history entry (Back returns to the list before it); the
 * search text and the view replace the current entry instead of piling up one per keystroke.
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
