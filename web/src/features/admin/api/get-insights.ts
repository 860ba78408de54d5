import type { InsightChartId, InsightsQuery } from '@contracts/insights';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { csvHref } from '@/components/insights/insight-period';
import { readApi } from '@/lib/api/api-client';
import { API_ROUTES } from '@/lib/api/api-routes';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * GET /api/insights: the marketplace's figures and charts over a period, for one dealer or
 * uploader or all (Admin → Insights, docs/design.md §16). Its key sits under the admin's, so signing
 * out drops it. A changed period keeps the last report on screen until the new one arrives.
 */
export const insightsQuery = (query: InsightsQuery) =>
  queryOptions({
    queryKey: [...queryKeys.admin.all, 'insights', query] as const,
    queryFn: () => readApi('insights', { query }),
    placeholderData: keepPreviousData,
    // The figures follow the ledger within a minute (ADR 0027): reopened later, they are read again.
    staleTime: 60_000,
  });

export const useInsights = (query: InsightsQuery) => useQuery(insightsQuery(query));

/** GET /api/insights/export.csv: one chart's rows as a file, with the report's own filters. */
export const insightsCsvHref = (chart: InsightChartId, query: InsightsQuery) =>
  csvHref(API_ROUTES.exportInsights.path, { chart, ...query });
