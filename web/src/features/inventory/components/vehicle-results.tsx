import { memo, startTransition, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { IndexedVehicle, ViewMode } from '../inventory-query';
import { INVENTORY_TEXTS } from '../inventory-texts';
import { VehicleCard } from './vehicle-card';

/** How many cards a new search, filter or sort renders at once: a screenful, so results paint fast. */
export const FIRST_RESULTS = 12;
/** How many more cards render per step, so the DOM stays small on a large inventory. */
export const RESULTS_STEP = 24;

export const gridClasses = (view: ViewMode) =>
  cn('grid gap-4 sm:gap-6', view === 'grid' ? 'md:grid-cols-2 lg:grid-cols-3' : 'grid-cols-1');

/**
 * The cards of the current results, rendered incrementally: a screenful at first, more when the
 * end of the list comes near (IntersectionObserver) or when 'Show more' is pressed (keyboard users).
 * A new search, filter or sort (`resetKey`) resets the count; the list stays mounted, so cards that
 * remain in the results are kept rather than rebuilt on every keystroke. Memoized: a keystroke's
 * urgent render (the search box) leaves it alone until the deferred results arrive.
 */
export const VehicleResults = memo(function VehicleResults({
  items,
  view,
  resetKey,
}: {
  items: IndexedVehicle[];
  view: ViewMode;
  resetKey: string;
}) {
  const [limit, setLimit] = useState(FIRST_RESULTS);
  const [limitFor, setLimitFor] = useState(resetKey);
  if (limitFor !== resetKey) {
    setLimitFor(resetKey);
    setLimit(FIRST_RESULTS);
  }
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = items.length > limit;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new observer per step reports at once if the sentinel is still near the viewport
  useEffect(() => {
    const target = sentinel.current;
    if (!hasMore || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        // A transition: the next cards render in slices, and a keystroke meanwhile goes first.
        if (entries.some((entry) => entry.isIntersecting))
          startTransition(() => setLimit((n) => n + RESULTS_STEP));
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, limit]);

  const shown = items.slice(0, limit);
  return (
    <>
      <ul className={gridClasses(view)} data-testid="vehicle-results" data-view={view}>
        {shown.map(({ vehicle }) => (
          <li
            key={vehicle.id}
            className={cn(
              // The browser lays out and paints only the cards near the screen (each search renders
              // a new set); the placeholder size is about a real card's, then its last real size.
              'flex min-w-0 flex-col [content-visibility:auto] [&>article]:flex-1',
              view === 'grid' ? '[contain-intrinsic-size:auto_34rem]' : '[contain-intrinsic-size:auto_18rem]',
            )}
          >
            <VehicleCard vehicle={vehicle} view={view} />
          </li>
        ))}
      </ul>
      {hasMore ? (
        <div ref={sentinel} className="mt-8 flex flex-col items-center gap-2">
          <p className="text-sm text-slate-600">
            Showing {shown.length} of {items.length} vehicles
          </p>
          <Button variant="outline" onClick={() => setLimit((n) => n + RESULTS_STEP)}>
            {INVENTORY_TEXTS.showMore}
          </Button>
        </div>
      ) : null}
    </>
  );
});
