import { lazy, Suspense } from 'react';

/**
 * The dashboard's Insights section with its chart library is a chunk of its own (ADR 0028),
 * fetched with the dashboard: no public page loads any of it.
 */
const InsightsSection = lazy(() =>
  import('./insights-section').then((module) => ({ default: module.InsightsSection })),
);

export function LazyInsightsSection() {
  return (
    <Suspense
      fallback={
        <div aria-busy="true" className="h-40 animate-pulse rounded-2xl bg-slate-100">
          <span className="sr-only">Loading insights…</span>
        </div>
      }
    >
      <InsightsSection />
    </Suspense>
  );
}
