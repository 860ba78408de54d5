import { lazy, Suspense } from 'react';
import { Loading } from '@/components/ui/placeholders';
import { INSIGHTS_ADMIN_LABELS as L } from '../../admin-texts';

/**
 * Admin → Insights with its chart library is a chunk of its own (ADR 0028), fetched when the tab
 * opens: the admin page's other tabs, and every public page, load none of it.
 */
const InsightsTab = lazy(() => import('./insights-tab').then((module) => ({ default: module.InsightsTab })));

export function LazyInsightsTab() {
  return (
    <Suspense fallback={<Loading label={L.loading} rows={4} />}>
      <InsightsTab />
    </Suspense>
  );
}
