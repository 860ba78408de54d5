import { useDeferredValue, useEffect, useMemo } from 'react';
import { PageHeading } from '@/components/page-heading';
import { premiumLabel } from '@/lib/brand';
import { usePageMeta } from '@/lib/use-page-meta';
import { useVehicles } from './api/get-vehicles';
import { CertificationExplainer } from './components/certification-explainer';
import { EmptyState, LoadErrorState } from './components/inventory-states';
import { InventoryToolbar, ViewToggle } from './components/inventory-toolbar';
import { VehicleCardSkeleton } from './components/vehicle-card-skeleton';
import { gridClasses, VehicleResults } from './components/vehicle-results';
import { filterVehicles, indexVehicles, minGradeOf, searchTerms, sortVehicles } from './inventory-query';
import { INVENTORY_TEXTS } from './inventory-texts';
import { useInventoryParams } from './use-inventory-params';
import { useSearchText } from './use-search-text';

const SKELETON_COUNT = 6;
const SEARCH_INPUT_MARK = 'search-input';
const SEARCH_LATENCY_MEASURE = 'search-latency';

export default function InventoryPage() {
  usePageMeta('inventory');
  const [params, update] = useInventoryParams();
  const [searchText, setSearchText] = useSearchText(params.q, (q) => update({ q }));
  const vehicles = useVehicles();
  // The list renders in a deferred (time-sliced) pass when it arrives, so mounting the first cards
  // on a slow phone is many short tasks rather than one long one; the skeleton stays until then.
  const list = useDeferredValue(vehicles.data);
  const isLoading = list === undefined && !vehicles.isError;

  // Index once per list, sort once per sort order; typing only filters (deferred, so keys stay instant).
  const indexed = useMemo(() => indexVehicles(list ?? []), [list]);
  const sorted = useMemo(() => sortVehicles(indexed, params.sort), [indexed, params.sort]);
  const query = useDeferredValue(searchText);
  const results = useMemo(
    () => filterVehicles(sorted, query, params.cert, premiumLabel, minGradeOf(params.grade)),
    [sorted, query, params.cert, params.grade],
  );
  // Keystroke → results painted, as a performance measure (read by bench:inventory).
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs because the filtered query was committed
  useEffect(() => {
    if (performance.getEntriesByName(SEARCH_INPUT_MARK).length === 0) return;
    const frame = requestAnimationFrame(() => {
      performance.measure(SEARCH_LATENCY_MEASURE, SEARCH_INPUT_MARK);
      performance.clearMarks(SEARCH_INPUT_MARK);
    });
    return () => cancelAnimationFrame(frame);
  }, [query]);
  const isFiltered = searchTerms(searchText).length > 0 || params.cert !== 'all' || params.grade !== 'any';
  const isStale = query !== searchText;

  return (
    <div className="pb-16">
      <PageHeading title={INVENTORY_TEXTS.title}>{INVENTORY_TEXTS.subtitle}</PageHeading>
      <div className="mx-auto mt-6 grid max-w-7xl gap-6 px-4 sm:px-6">
        <CertificationExplainer />
        <InventoryToolbar
          params={params}
          onChange={update}
          searchText={searchText}
          onSearchTextChange={(text) => {
            performance.mark(SEARCH_INPUT_MARK);
            setSearchText(text);
          }}
        />
        <section aria-labelledby="results-heading" aria-busy={isLoading || isStale}>
          <div className="mb-4 flex items-center justify-between gap-3 border-b border-slate-200 pb-3">
            <h2 id="results-heading" className="sr-only">
              Vehicles
            </h2>
            <p role="status" className="text-sm font-medium text-slate-700" data-testid="result-count">
              {list !== undefined ? (results.length === 1 ? '1 vehicle' : `${results.length} vehicles`) : ''}
            </p>
            <ViewToggle view={params.view} onChange={(view) => update({ view })} />
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
          ) : vehicles.isError && list === undefined ? (
            <LoadErrorState
              message={vehicles.error.message}
              onRetry={() => void vehicles.refetch()}
              isRetrying={vehicles.isFetching}
            />
          ) : results.length === 0 ? (
            <EmptyState
              isFiltered={isFiltered}
              onClear={() => {
                setSearchText('');
                update({ cert: 'all', grade: 'any' });
              }}
            />
          ) : (
            <div>
              <VehicleResults
                resetKey={`${query}|${params.cert}|${params.grade}|${params.sort}`}
                items={results}
                view={params.view}
              />
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
