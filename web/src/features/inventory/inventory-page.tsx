import { CarFront, SearchX } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useMemo } from 'react';
import { PageFrame } from '@/components/page-frame';
import { HydratesApart } from '@/components/page-part';
import { Button } from '@/components/ui/button';
import { Empty, LoadFailed } from '@/components/ui/query-states';
import { useSignedInDealer } from '@/lib/auth/dealer-session';
import { usePageMeta } from '@/lib/use-page-meta';
import { inventorySearchOf, useVehicleSearch, vehiclesOfPages } from './api/search-vehicles';
import { CertificationExplainer, CertificationPopover } from './components/certification-explainer';
import { InventoryToolbar, ViewToggle } from './components/inventory-toolbar';
import { SaveSearchButton } from './components/save-search-button';
import { VehicleCardSkeleton } from './components/vehicle-card-skeleton';
import { gridClasses, VehicleResults } from './components/vehicle-results';
import { INVENTORY_TEXTS, vehicleCount } from './inventory-texts';
import { FILTER_NAMES, NO_FILTERS, useInventoryParams } from './use-inventory-params';
import { useSearchText } from './use-search-text';

const SKELETON_COUNT = 6;
const SEARCH_INPUT_MARK = 'search-input';
const SEARCH_LATENCY_MEASURE = 'search-latency';

/**
 * The Vehicle Listings page (docs/product.md §2) over the query API (GET /api/vehicles/search, ADR 0013): one
 * page of results at a time, more as the list is scrolled, whatever the size of the inventory.
 * The server renders the first page into the HTML (web/src/app/entry-server.tsx, ADR 0016), so
 * the cards are there before the code; search, filters and sort are in the URL.
 */
export default function InventoryPage() {
  usePageMeta('inventory');
  const [params, update] = useInventoryParams();
  const [searchText, setSearchText] = useSearchText(params.q, (q) => update({ q }));
  // Every keystroke asks the server (a typed-over request is aborted); the previous results stay
  // on screen, marked busy, until the new ones arrive.
  // A signed-in dealer's "within" with no ZIP is measured from its delivery ZIP.
  const fromDeliveryZip = useSignedInDealer() !== null;
  const search = inventorySearchOf(params, searchText, fromDeliveryZip);
  const results = useVehicleSearch(search);
  // What an input changes at once is the input itself (the typed text, the chosen option, the
  // pressed view button): the results, their counts and the view they are shown in follow in a
  // deferred render that React interrupts for the next input, so a keystroke or a choice paints
  // without waiting for 24 cards (issue #46, docs/benchmarks.md "Every tap counts").
  // The answer is deferred with the search it answers, so what is on screen knows whose it is.
  const searchKey = JSON.stringify(search);
  const shown = useDeferredValue(
    useMemo(
      () => ({ data: results.data, placeholder: results.isPlaceholderData, key: searchKey }),
      [results.data, results.isPlaceholderData, searchKey],
    ),
  );
  const { data } = shown;
  const view = useDeferredValue(params.view);
  const vehicles = useMemo(() => vehiclesOfPages(data), [data]);
  const firstPage = data?.pages[0];
  const isLoading = data === undefined && !results.isError;
  // The results shown are not yet the search's: its answer is still to come, or still to render.
  // A further page still to render is not, nor a refreshed answer of the same search (a live
  // update's refetch): 'Show more' and the counts stay while it renders.
  const isStale = results.isPlaceholderData || shown.placeholder || shown.key !== searchKey;
  const { fetchNextPage } = results;
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const onSearchTextChange = useCallback(
    (text: string) => {
      performance.mark(SEARCH_INPUT_MARK);
      setSearchText(text);
    },
    [setSearchText],
  );

  // Keystroke → results painted, as a performance measure (read by bench:inventory).
  useEffect(() => {
    if (isStale || firstPage === undefined) return;
    if (performance.getEntriesByName(SEARCH_INPUT_MARK).length === 0) return;
    const frame = requestAnimationFrame(() => {
      performance.measure(SEARCH_LATENCY_MEASURE, SEARCH_INPUT_MARK);
      performance.clearMarks(SEARCH_INPUT_MARK);
    });
    return () => cancelAnimationFrame(frame);
  }, [firstPage, isStale]);
  const isFiltered =
    search.q !== '' ||
    params.cert !== 'all' ||
    params.grade !== 'any' ||
    FILTER_NAMES.some((name) => search[name] !== '');

  return (
    <PageFrame
      title={INVENTORY_TEXTS.title}
      // On a phone the first screen is for cars (their price and Buy Now): no subtitle, the
      // certification levels folded beside the title, the toolbar in two rows.
      subtitle={<span className="hidden sm:inline">{INVENTORY_TEXTS.subtitle}</span>}
      actions={<CertificationPopover />}
      actionsBeside
    >
      <div className="mt-2 grid gap-2 sm:mt-6 sm:gap-6">
        <HydratesApart>
          <CertificationExplainer />
        </HydratesApart>
        <InventoryToolbar
          params={params}
          onChange={update}
          answer={firstPage}
          fromDeliveryZip={fromDeliveryZip}
          searchText={searchText}
          onSearchTextChange={onSearchTextChange}
        />
        <section aria-labelledby="results-heading" aria-busy={isLoading || isStale}>
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 pb-2 sm:mb-4 sm:gap-3 sm:pb-3">
            <h2 id="results-heading" className="sr-only">
              Vehicles
            </h2>
            <p
              role="status"
              className="whitespace-nowrap text-sm font-medium text-slate-700"
              data-testid="result-count"
            >
              {firstPage && !isStale ? vehicleCount(firstPage.total) : ''}
            </p>
            <div className="flex items-center gap-2">
              <SaveSearchButton search={search} />
              <ViewToggle view={params.view} onChange={(view) => update({ view })} />
            </div>
          </div>
          {isLoading ? (
            <>
              <p role="status" className="sr-only">
                Loading vehicles…
              </p>
              <div className={gridClasses('grid')}>
                {Array.from({ length: SKELETON_COUNT }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
                  <VehicleCardSkeleton key={i} />
                ))}
              </div>
            </>
          ) : results.isError && data === undefined ? (
            <LoadFailed read={results} title={INVENTORY_TEXTS.loadErrorTitle} retry={INVENTORY_TEXTS.retry} />
          ) : vehicles.length === 0 ? (
            <Empty
              large
              icon={isFiltered ? SearchX : CarFront}
              title={isFiltered ? INVENTORY_TEXTS.noResultsTitle : INVENTORY_TEXTS.emptyTitle}
              text={isFiltered ? INVENTORY_TEXTS.noResultsText : INVENTORY_TEXTS.emptyText}
              action={
                isFiltered ? (
                  <Button
                    variant="outline"
                    onClick={() => {
                      setSearchText('');
                      update({ cert: 'all', grade: 'any', ...NO_FILTERS });
                    }}
                  >
                    {INVENTORY_TEXTS.clearFilters}
                  </Button>
                ) : null
              }
            />
          ) : (
            <div className={isStale ? 'opacity-60 transition-opacity' : undefined}>
              <VehicleResults
                items={vehicles}
                total={firstPage?.total ?? vehicles.length}
                view={view}
                hasMore={results.hasNextPage && !isStale}
                isLoadingMore={results.isFetchingNextPage}
                loadMoreError={results.isFetchNextPageError ? results.error?.message : undefined}
                onLoadMore={loadMore}
              />
            </div>
          )}
        </section>
      </div>
    </PageFrame>
  );
}
