import type { AdminTabCounts } from '@contracts/listings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * GET /api/admin/tab-counts (issue #47): what /admin shows before a tab is used — the stat cards'
 * vehicle counts and the work waiting beside the tabs — in one read instead of five. Read again on
 * each live topic it counts (live-topics.ts) and after any admin action (the admin prefix).
 */
export const adminTabCountsQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.tabCounts(),
    queryFn: async (): Promise<AdminTabCounts | null> => readApi('adminTabCounts'),
  });

export const useAdminTabCounts = () => useQuery(adminTabCountsQuery());
