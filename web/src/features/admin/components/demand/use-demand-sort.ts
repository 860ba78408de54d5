import type { DemandGroup } from '@contracts/buy-orders';
import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

/** The board's sorts: a column each, its first click the direction an admin most often wants. */
export const DEMAND_SORTS = {
  wanted: { label: 'Cars wanted', first: 'desc' },
  orders: { label: 'Open orders', first: 'desc' },
  budget: { label: 'Total budget', first: 'desc' },
  oldest: { label: 'Oldest', first: 'desc' },
  matches: { label: 'Matched', first: 'desc' },
} as const;
export type DemandSort = keyof typeof DEMAND_SORTS;
export type SortDirection = 'asc' | 'desc';

const isSort = (value: string | null): value is DemandSort => !!value && value in DEMAND_SORTS;

const key: Record<DemandSort, (g: DemandGroup) => number | null> = {
  wanted: (g) => g.carsWanted,
  orders: (g) => g.orders,
  budget: (g) => (g.budgetTotal === null ? null : Number(g.budgetTotal)),
  oldest: (g) => g.oldestDays,
  matches: (g) => g.matches,
};

/**
 * The groups in the chosen order: no budget set last either way round; ties keep the server's
 * order (cars wanted, orders, make).
 */
export const sortGroups = (groups: DemandGroup[], sort: DemandSort, direction: SortDirection) =>
  groups
    .map((group, index) => ({ group, index, value: key[sort](group) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null)
        return (a.value === null ? 1 : 0) - (b.value === null ? 1 : 0) || a.index - b.index;
      const diff = a.value - b.value;
      return (direction === 'asc' ? diff : -diff) || a.index - b.index;
    })
    .map(({ group }) => group);

/** The sort lives in the URL (`/admin?tab=demand&sort=budget&dir=asc`): a reload or a shared link keeps it. */
export function useDemandSort() {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get('sort');
  const sort: DemandSort = isSort(value) ? value : 'wanted';
  const direction: SortDirection =
    searchParams.get('dir') === 'asc'
      ? 'asc'
      : searchParams.get('dir') === 'desc'
        ? 'desc'
        : DEMAND_SORTS[sort].first;
  const setSort = useCallback(
    (next: DemandSort, nextDirection?: SortDirection) => {
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          params.set('sort', next);
          params.set('dir', nextDirection ?? DEMAND_SORTS[next].first);
          return params;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  /** A column header's click: that column, or the other way round if it is already the sort. */
  const toggle = useCallback(
    (column: DemandSort) =>
      setSort(column, column === sort ? (direction === 'asc' ? 'desc' : 'asc') : undefined),
    [setSort, sort, direction],
  );
  return { sort, direction, setSort, toggle };
}
