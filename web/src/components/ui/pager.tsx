import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useLocationHash } from '@/lib/use-location-hash';

/** How many items a dashboard list shows at a time. */
export const PAGE_SIZE = 20;

/**
 * A long list a page at a time, in the browser (the server sends it whole for now). The page that
 * holds the item the address names (`anchorOf(item)` = the fragment) is the one shown, so a link to
 * an item on page 3 opens page 3; after that the reader turns pages with the `Pager`.
 */
export function usePaged<T>(items: readonly T[], anchorOf?: (item: T) => string, size = PAGE_SIZE) {
  const hash = useLocationHash();
  const pages = Math.max(1, Math.ceil(items.length / size));
  const named = hash && anchorOf ? items.findIndex((item) => anchorOf(item) === hash) : -1;
  const pageOfNamed = named < 0 ? null : Math.floor(named / size);
  const [chosen, setChosen] = useState(pageOfNamed ?? 0);
  // An address naming another item moves to its page (not a live update of the same list).
  useEffect(() => {
    if (pageOfNamed !== null) setChosen(pageOfNamed);
  }, [pageOfNamed]);
  const page = Math.min(chosen, pages - 1);
  const listRef = useRef<HTMLUListElement>(null);
  const turnTo = (next: number) => {
    setChosen(Math.max(0, Math.min(next, pages - 1)));
    // The new page is read from its top.
    const list = listRef.current;
    if (list && list.getBoundingClientRect().top < 0) list.scrollIntoView({ block: 'start' });
  };
  return {
    shown: items.slice(page * size, (page + 1) * size),
    listRef,
    pager: { page, pages, total: items.length, size, turnTo },
  };
}

/**
 * Previous and next under a paged list, and where the reader is ("21–40 of 57"); nothing when the
 * list fits on one page. `label` names the list for screen readers ("Offers: pages").
 */
export function Pager({
  label,
  page,
  pages,
  total,
  size,
  turnTo,
}: ReturnType<typeof usePaged>['pager'] & { label: string }) {
  if (pages <= 1) return null;
  const first = page * size + 1;
  const last = Math.min(total, (page + 1) * size);
  // Unavailable rather than disabled, so a button pressed at the last page keeps the focus.
  const atStart = page === 0;
  const atEnd = page === pages - 1;
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
 * A dashboard list a page at a time: its items (each rendered by `children`: an anchored item whose
 * anchor is `anchorOf(item)`, when links name them) in a <ul>, and the `Pager` under it.
 */
export function PagedList<T>({
  items,
  anchorOf,
  label,
  className,
  children,
}: {
  items: readonly T[];
  anchorOf?: (item: T) => string;
  /** What the list is, for its pager ("Offers"). */
  label: string;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  const { shown, listRef, pager } = usePaged(items, anchorOf);
  return (
    <>
      <ul ref={listRef} className={className}>
        {shown.map(children)}
      </ul>
      <Pager label={label} {...pager} />
    </>
  );
}
