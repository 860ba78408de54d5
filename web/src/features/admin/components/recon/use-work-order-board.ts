import type { WorkOrder } from '@contracts/work-orders';
import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

/** The board's state filter: every work order but the cancelled ones, or one state. */
export const BOARD_FILTERS = ['all', 'to_do', 'in_progress', 'done', 'cancelled'] as const;
export type BoardFilter = (typeof BOARD_FILTERS)[number];

/** The board's sorts, each with the direction an admin most often wants first. */
export const BOARD_SORTS = {
  promised: { label: 'Promised', first: 'asc' },
  age: { label: 'Age', first: 'desc' },
} as const;
export type BoardSort = keyof typeof BOARD_SORTS;
export type SortDirection = 'asc' | 'desc';

export const matchesFilter = (order: Pick<WorkOrder, 'status'>, filter: BoardFilter) =>
  filter === 'all' ? order.status !== 'cancelled' : order.status === filter;

/** A work order's age is the time since its sale: the older, the larger. */
const sortKey: Record<BoardSort, (o: WorkOrder) => number> = {
  promised: (o) => Date.parse(`${o.promisedOn}T00:00:00Z`),
  age: (o) => -Date.parse(o.timeToLine.soldAt),
};

/** The work orders in the chosen order; ties keep the server's (oldest promise first, then id). */
export const sortWorkOrders = (orders: WorkOrder[], sort: BoardSort, direction: SortDirection) =>
  orders
    .map((order, index) => ({ order, index, value: sortKey[sort](order) }))
    .sort((a, b) => {
      const diff = a.value - b.value;
      return (direction === 'asc' ? diff : -diff) || a.index - b.index;
    })
    .map(({ order }) => order);

const isFilter = (v: string | null): v is BoardFilter => BOARD_FILTERS.includes(v as BoardFilter);
const isSort = (v: string | null): v is BoardSort => !!v && v in BOARD_SORTS;

/**
 * The board's filter and sort live in the URL (`/admin?tab=recon&state=done&wsort=age&wdir=desc`):
 * a reload or a shared link keeps them. Named apart from the Demand board's `sort`/`dir`.
 */
export function useWorkOrderBoardView() {
  const [searchParams, setSearchParams] = useSearchParams();
  const stateParam = searchParams.get('state');
  const sortParam = searchParams.get('wsort');
  const filter: BoardFilter = isFilter(stateParam) ? stateParam : 'all';
  const sort: BoardSort = isSort(sortParam) ? sortParam : 'promised';
  const dirParam = searchParams.get('wdir');
  const direction: SortDirection =
    dirParam === 'asc' || dirParam === 'desc' ? dirParam : BOARD_SORTS[sort].first;
  const set = useCallback(
    (changes: Record<string, string>) =>
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) params.set(key, value);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const setFilter = useCallback((next: BoardFilter) => set({ state: next }), [set]);
  const setSort = useCallback(
    (next: BoardSort, nextDirection?: SortDirection) =>
      set({ wsort: next, wdir: nextDirection ?? BOARD_SORTS[next].first }),
    [set],
  );
  /** A column header's click: that column, or the other way round if it is already the sort. */
  const toggle = useCallback(
    (column: BoardSort) =>
      setSort(column, column === sort ? (direction === 'asc' ? 'desc' : 'asc') : undefined),
    [setSort, sort, direction],
  );
  return { filter, setFilter, sort, direction, setSort, toggle };
}
