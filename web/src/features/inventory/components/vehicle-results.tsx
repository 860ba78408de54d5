import { formatCount } from '@contracts/number-format';
import type { PublicVehicle } from '@contracts/vehicle';
import { memo, useCallback, useEffect, useRef } from 'react';
import { HydratesApart } from '@/components/page-part';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { ViewMode } from '../inventory-query';
import { INVENTORY_TEXTS } from '../inventory-texts';
import { VehicleCard } from './vehicle-card';
import { VehicleRow } from './vehicle-row';

export const gridClasses = (view: ViewMode) =>
  cn('grid', view === 'grid' ? 'gap-4 sm:gap-6 md:grid-cols-2 lg:grid-cols-3' : 'grid-cols-1 gap-2');

/**
 * The cards of the loaded result pages. The next page loads when the end of the list comes near
 * (IntersectionObserver) or when 'Show more' is pressed; a keyboard user on the button lands on the
 * first new card (its details link) when the page arrives, so focus is never left on a button that
 * went away, and the count of shown vehicles is announced.
 */
export const VehicleResults = memo(function VehicleResults({
  items,
  total,
  view,
  hasMore,
  isLoadingMore,
  loadMoreError,
  onLoadMore,
}: {
  items: PublicVehicle[];
  total: number;
  view: ViewMode;
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMoreError?: string;
  onLoadMore: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  /**
   * While 'Show more' has the keyboard focus: the index the next page's first card will have.
   * Focusing the button scrolls it into view, which may load that page by itself and then remove
   * the button: focus then moves to the new first card rather than being lost.
   */
  const focusFrom = useRef<number | null>(null);
  /**
   * The button was removed while it had the focus (the last page arrived): whatever focus events
   * React saw or missed, the focus goes to the first card the page added. Read as React detaches
   * the button's ref, before the node leaves the document (and the focus with it).
   */
  const removedWhileFocused = useRef(false);
  const shownBefore = useRef(items.length);
  const buttonRef = useCallback((node: HTMLButtonElement | null) => {
    if (node === null && button.current !== null && document.activeElement === button.current)
      removedWhileFocused.current = true;
    button.current = node;
  }, []);
  const loadMore = useRef(onLoadMore);
  loadMore.current = onLoadMore;

  useEffect(() => {
    const target = sentinel.current;
    if (!hasMore || isLoadingMore || loadMoreError || !target || typeof IntersectionObserver === 'undefined')
      return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, isLoadingMore, loadMoreError]);

  // Focused before the app attached (a server-rendered page: no focus event reached React), the
  // button is as if focused now: the page the scrolling loads by itself may remove it before any
  // press, and focus then goes to the new first card instead of the page's body (ADR 0020).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at the first render's length
  useEffect(() => {
    if (button.current !== null && document.activeElement === button.current)
      focusFrom.current = items.length;
  }, []);

  useEffect(() => {
    const before = shownBefore.current;
    shownBefore.current = items.length;
    const from = focusFrom.current ?? (removedWhileFocused.current ? before : null);
    removedWhileFocused.current = false;
    if (from === null || items.length <= from) return;
    focusFrom.current = null;
    const card = list.current?.children[from];
    if (!card) return;
    // The keyboard's place, unless the reader has moved it meanwhile (the button gone: the body).
    const focusCard = () => {
      const active = document.activeElement;
      if (active !== null && active !== document.body && active !== button.current) return true;
      const link = card.querySelector<HTMLElement>('a[href^="/vehicle/"]');
      link?.focus();
      return link !== null;
    };
    if (focusCard()) return;
    // Each card is drawn apart (its own Suspense boundary): the new first card's link may come a
    // moment after the list (under load, after this effect; the focus was then left on the body).
    const observer = new MutationObserver(() => {
      if (focusCard()) observer.disconnect();
    });
    observer.observe(card, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), 10_000);
    return () => {
      clearTimeout(stop);
      observer.disconnect();
    };
  }, [items.length]);

  return (
    <>
      <ul ref={list} className={gridClasses(view)} data-testid="vehicle-results" data-view={view}>
        {items.map((vehicle, index) => (
          <li
            key={vehicle.id}
            className={cn(
              // The browser lays out and paints only the cards near the screen; the placeholder
              // size is about a real card's, then its last real size.
              'flex min-w-0 flex-col [content-visibility:auto] [&>article]:flex-1',
              view === 'grid' ? '[contain-intrinsic-size:auto_34rem]' : '[contain-intrinsic-size:auto_7rem]',
            )}
          >
            {/* Each card hydrates on its own (ADR 0049): the list is attached before its cards. */}
            <HydratesApart>
              {view === 'grid' ? (
                <VehicleCard vehicle={vehicle} first={index === 0} />
              ) : (
                <VehicleRow vehicle={vehicle} first={index === 0} />
              )}
            </HydratesApart>
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="mt-8 flex flex-col items-center gap-2">
        <p className="text-sm text-slate-600" role="status" data-testid="shown-count">
          {hasMore ? `Showing ${formatCount(items.length)} of ${formatCount(total)} vehicles` : ''}
        </p>
        {loadMoreError ? (
          <p role="alert" className="text-sm text-red-700">
            {loadMoreError}
          </p>
        ) : null}
        {hasMore ? (
          <Button
            ref={buttonRef}
            variant="outline"
            // Not disabled while loading: a disabled button would drop the keyboard focus.
            aria-disabled={isLoadingMore}
            onFocus={() => {
              focusFrom.current = items.length;
            }}
            onBlur={() => {
              focusFrom.current = null;
            }}
            onClick={() => {
              // Focused before the app attached (no focus event seen), a keyboard press still
              // moves focus to the new first card (ADR 0020).
              if (document.activeElement === button.current) focusFrom.current = items.length;
              if (!isLoadingMore) onLoadMore();
            }}
          >
            {isLoadingMore ? 'Loading…' : loadMoreError ? INVENTORY_TEXTS.retry : INVENTORY_TEXTS.showMore}
          </Button>
        ) : null}
      </div>
    </>
  );
});
