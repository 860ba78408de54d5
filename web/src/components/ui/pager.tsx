import { PAGE_LIMIT } from '@contracts/limits';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, type RefObject, useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { Button } from '@/components/ui/button';

/** How many items a dashboard list shows at a time. */
export const PAGE_SIZE = 20;

/** A turned page is read from its top: the list scrolls back into view when its top was passed. */
function useListTop<E extends HTMLElement>() {
  const listRef = useRef<E>(null);
  const toTop = () => {
    const list = listRef.current;
    if (list && list.getBoundingClientRect().top < 0) list.scrollIntoView({ block: 'start' });
  };
  return { listRef, toTop };
}

/** Where a pager stands; `hasNext`, when the server pages the list, says whether a page follows. */
export interface PagerState {
  page: number;
  pages: number;
  total: number;
  size: number;
  turnTo: (page: number) => void;
  hasNext?: boolean;
}

/**
 * A list paged by the server (issue #47, contracts/paging.ts): the cursor of the page shown and the
 * cursors before it, kept while the list's state (`stateKey`: its filters, sort and search, which
 * the URL holds — useListParams) stays the same; a new state starts again at the first page.
 * `pagerOf(page)` turns the server's answer into the `Pager`'s props.
 */
export function useServerPaged<E extends HTMLElement = HTMLElement>(
  stateKey: string,
  size: number = PAGE_LIMIT.default,
) {
  const [trail, setTrail] = useState<{ key: string; cursors: string[] }>({ key: stateKey, cursors: [] });
  const cursors = trail.key === stateKey ? trail.cursors : [];
  const { listRef, toTop } = useListTop<E>();
  const pagerOf = (answer: { nextCursor: string | null; total: number } | undefined): PagerState => ({
    page: cursors.length,
    pages: Math.max(1, Math.ceil((answer?.total ?? 0) / size)),
    total: answer?.total ?? 0,
    size,
    hasNext: Boolean(answer?.nextCursor),
    turnTo: (next) => {
      const nextCursor = answer?.nextCursor;
      if (next > cursors.length && nextCursor) setTrail({ key: stateKey, cursors: [...cursors, nextCursor] });
      else if (next < cursors.length)
        setTrail({ key: stateKey, cursors: cursors.slice(0, Math.max(0, next)) });
      toTop();
    },
  });
  return { cursor: cursors.at(-1), limit: size, listRef, pagerOf };
}

/**
 * A server-paged list's state in the URL (`/admin?tab=transactions&t.sort=oldest&t.q=1HG`), so a
 * reload or a shared link keeps it. Each list names its parameters with its own `prefix`, apart from
 * the other tabs'; a key absent from the URL reads as ''. Setting '' removes it.
 */
export function useListParams<K extends string>(prefix: string, keys: readonly K[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = Object.fromEntries(
    keys.map((key) => [key, searchParams.get(`${prefix}${key}`) ?? '']),
  ) as Record<K, string>;
  const set = useCallback(
    (next: Partial<Record<K, string>>) =>
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          for (const [key, value] of Object.entries<string | undefined>(next)) {
            if (value) params.set(`${prefix}${key}`, value);
            else params.delete(`${prefix}${key}`);
          }
          return params;
        },
        { replace: true },
      ),
    [prefix, setSearchParams],
  );
  return [values, set] as const;
}

/**
 * Previous and next under a paged list, and where the reader is ("21–40 of 57"); nothing when the
 * list fits on one page. `label` names the list for screen readers ("Offers: pages").
 */
export function Pager({ label, page, pages, total, size, turnTo, hasNext }: PagerState & { label: string }) {
  const atEnd = hasNext === undefined ? page >= pages - 1 : !hasNext;
  // Unavailable rather than disabled, so a button pressed at the last page keeps the focus.
  const atStart = page === 0;
  if (atStart && atEnd) return null;
  const first = page * size + 1;
  const last = Math.min(total, (page + 1) * size);
  return (
    <nav aria-label={`${label}: pages`} className="mt-4 flex items-center justify-between gap-3">
      <Button
        variant="outline"
        size="sm"
        aria-disabled={atStart}
        className={atStart ? 'opacity-50' : undefined}
        onClick={() => (atStart ? undefined : turnTo(page - 1))}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Previous<span className="sr-only"> page</span>
      </Button>
      <p className="text-sm tabular-nums text-slate-700" aria-live="polite">
        {first}–{last} of {total}
      </p>
      <Button
        variant="outline"
        size="sm"
        aria-disabled={atEnd}
        className={atEnd ? 'opacity-50' : undefined}
        onClick={() => (atEnd ? undefined : turnTo(page + 1))}
      >
        Next<span className="sr-only"> page</span>
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </Button>
    </nav>
  );
}

/**
 * A dashboard list the server pages (issue #47): the page's items in a <ul> (each rendered by
 * `children`), the `Pager` under it, and first the item a link names (`named`, read by its id:
 * `idOf`, the item's `id` unless told) when it is not on the page shown, so a link to an item on
 * any page lands on it.
 */
export function ServerPagedList<T, E extends HTMLUListElement>({
  items,
  named,
  idOf = (item) => (item as { id: number }).id,
  pager,
  listRef,
  label,
  className,
  children,
}: {
  items: readonly T[];
  named?: T | undefined;
  idOf?: (item: T) => number;
  pager: PagerState;
  listRef: RefObject<E | null>;
  /** What the list is, for its pager ("Offers"). */
  label: string;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  const shown = named && !items.some((item) => idOf(item) === idOf(named)) ? [named, ...items] : items;
  return (
    <>
      <ul ref={listRef} className={className}>
        {shown.map(children)}
      </ul>
      <Pager label={label} {...pager} />
    </>
  );
}
