import { lazy, Suspense } from 'react';
import { Loading } from '@/components/ui/placeholders';

/**
 * The dashboard's Insights section with its chart library is a chunk of its own (ADR 0028),
 * fetched with the dashboard: no public page loads any of it.
 */
const InsightsSection = lazy(() =>
  import('./insights-section').then((module) => ({ default: module.InsightsSection })),
);

export function LazyInsightsSection() {
  return (
    <Suspense fallback={<Loading label="Loading insights…" className="h-40" />}>
      <InsightsSection />
    </Suspense>
  );
}
