import type { InsightsQuery, InsightsReport } from '@contracts/insights';
import { useEffect, useMemo, useState } from 'react';
import { InsightChartCard } from '@/components/insights/insight-chart-card';
import { InsightFigures } from '@/components/insights/insight-figures';
import { type InsightPeriod, lastTwelveMonths, periodQuery } from '@/components/insights/insight-period';
import { PeriodFields } from '@/components/insights/period-fields';
import { SelectField } from '@/components/ui/fields';
import { QueryStates } from '@/components/ui/query-states';
import { ApiError } from '@/lib/api/api-client';
import { formatDateTime } from '@/lib/display/time-left';
import { INSIGHTS_ADMIN_LABELS as L } from '../../admin-texts';
import { insightsCsvHref, useInsights } from '../../api/get-insights';
import { Panel } from '../common/panel';

/**
 * Admin → Insights (issue #33, docs/design.md §16): a period (the last 12 months at first), one dealer
 * or uploader or all; the period's figures as tiles, then every chart of the report, each with
 * its table and its CSV (the same filters). A period or filter the server refuses shows its
 * message under the fields.
 */
export function InsightsTab() {
  const [period, setPeriod] = useState<InsightPeriod>(() => lastTwelveMonths());
  const [dealerId, setDealerId] = useState('');
  const [uploader, setUploader] = useState('');
  const query: InsightsQuery = useMemo(
    () => ({
      ...periodQuery(period),
      ...(dealerId ? { dealerId: Number(dealerId) } : {}),
      ...(uploader ? { uploader } : {}),
    }),
    [period, dealerId, uploader],
  );
  const insights = useInsights(query);
  // The filters' choices stay while a refused period shows no report.
  const [choices, setChoices] = useState<Pick<InsightsReport, 'dealers' | 'uploaders'> | null>(null);
  useEffect(() => {
    if (insights.data) setChoices({ dealers: insights.data.dealers, uploaders: insights.data.uploaders });
  }, [insights.data]);
  const refused = insights.error instanceof ApiError && insights.error.status === 400;
  const report = insights.data;
  return (
    <Panel
      title={L.title}
      description={L.text}
      actions={
        report && !insights.isPlaceholderData ? (
          <p className="text-xs text-slate-600">
            {L.refreshed} {formatDateTime(report.refreshedAt)}
          </p>
        ) : insights.isFetching ? (
          <p role="status" className="text-xs text-slate-600">
            {L.updating}
          </p>
        ) : null
      }
    >
      <PeriodFields period={period} onChange={setPeriod} error={refused ? insights.error?.message : null}>
        <SelectField label={L.dealer} value={dealerId} onChange={(e) => setDealerId(e.target.value)}>
          <option value="">{L.allDealers}</option>
          {choices?.dealers.map((dealer) => (
            <option key={dealer.id} value={dealer.id}>
              {dealer.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={L.uploader} value={uploader} onChange={(e) => setUploader(e.target.value)}>
          <option value="">{L.allUploaders}</option>
          {choices?.uploaders.map((choice) => (
            <option key={choice.key} value={choice.key}>
              {choice.label}
            </option>
          ))}
        </SelectField>
      </PeriodFields>
      {refused ? null : (
        <QueryStates
          query={insights}
          loading={L.loading}
          failed={L.failed}
          empty={L.signedOut}
          placeholderClassName="h-64"
          spacing="mt-6"
        >
          {(data) => (
            <div aria-busy={insights.isPlaceholderData} className="mt-6 grid gap-6">
              <InsightFigures figures={data.figures} label={L.figures} />
              <div className="grid gap-4">
                {data.charts.map((chart) => (
                  <InsightChartCard key={chart.id} chart={chart} csvHref={insightsCsvHref(chart.id, query)} />
                ))}
              </div>
            </div>
          )}
        </QueryStates>
      )}
    </Panel>
  );
}
