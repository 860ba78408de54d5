import type { EndpointQuery } from '@contracts/endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { csvHref } from '@/components/insights/insight-period';
import { readApi } from '@/lib/api/api-client';
import { API_ROUTES } from '@/lib/api/api-routes';
import { queryKeys } from '@/lib/api/query-keys';

type DealerInsightsQuery = NonNullable<EndpointQuery<'dealerInsights'>>;

/**
 * GET /api/dealer/insights: what the dealership bought in the period (purchases, spend, time to
 * line, and purchases by month), under the dealer portal's key so signing out drops it.
 */
export const useDealerInsights = (query: DealerInsightsQuery) =>
  useQuery({
    queryKey: [...queryKeys.dealerPortal.all, 'insights', query] as const,
    queryFn: () => readApi('dealerInsights', { query }),
    placeholderData: keepPreviousData,
    // The figures follow the ledger within a minute (ADR 0027): reopened later, they are read again.
    staleTime: 60_000,
  });

/** GET /api/dealer/insights/export.csv: the purchases by month as a file, for the same period. */
export const dealerInsightsCsvHref = (query: DealerInsightsQuery) =>
  csvHref(API_ROUTES.exportDealerInsights.path, query);
