import { dealerPartId } from '@contracts/dealer-dashboard';
import { BarChart3 } from 'lucide-react';
import { useState } from 'react';
import { InsightChartCard } from '@/components/insights/insight-chart-card';
import { InsightFigures } from '@/components/insights/insight-figures';
import { type InsightPeriod, lastTwelveMonths, periodQuery } from '@/components/insights/insight-period';
import { PeriodFields } from '@/components/insights/period-fields';
import { DashboardSection, QueryStates } from '@/components/ui/query-states';
import { ApiError } from '@/lib/api/api-client';
import { dealerInsightsCsvHref, useDealerInsights } from '../../api/insights';

export const DEALER_INSIGHTS_TEXT = {
  title: 'Insights',
  intro: 'What your dealership bought: purchases, spend and how long cars took to reach your line.',
  figures: 'Your figures for the period',
  loading: 'Loading insights…',
  failed: 'Could not load your insights:',
  signedOut: 'Your session has ended: sign in again to see your insights.',
} as const;

/**
 * Dashboard → Insights (issue #33, docs/design.md §16): the dealership's purchases, spend and average
 * time to line over a period (the last 12 months at first), and its purchases by month as a chart,
 * a table and a CSV file. A period the server refuses shows its message under the fields.
 */
export function InsightsSection() {
  const [period, setPeriod] = useState<InsightPeriod>(() => lastTwelveMonths());
  const query = periodQuery(period);
  const insights = useDealerInsights(query);
  const refused = insights.error instanceof ApiError && insights.error.status === 400;
  return (
    <DashboardSection
      id={dealerPartId('insights')}
      icon={BarChart3}
      title={DEALER_INSIGHTS_TEXT.title}
      intro={DEALER_INSIGHTS_TEXT.intro}
      busy={insights.isPending}
    >
      <div className="mt-4">
        <PeriodFields period={period} onChange={setPeriod} error={refused ? insights.error?.message : null} />
      </div>
      {refused ? null : (
        <QueryStates
          query={insights}
          loading={DEALER_INSIGHTS_TEXT.loading}
          failed={DEALER_INSIGHTS_TEXT.failed}
          empty={DEALER_INSIGHTS_TEXT.signedOut}
          placeholderClassName="h-48"
        >
          {(data) => (
            <div className="mt-4 grid gap-4">
              <InsightFigures figures={data.figures} label={DEALER_INSIGHTS_TEXT.figures} />
              <InsightChartCard chart={data.chart} csvHref={dealerInsightsCsvHref(query)} />
            </div>
          )}
        </QueryStates>
      )}
    </DashboardSection>
  );
}
