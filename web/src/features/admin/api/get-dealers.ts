import type { DealersQuery } from '@contracts/dealers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

const NO_PAGE = { items: [], nextCursor: null, total: 0, counts: { active: 0, inactive: 0 } };

/** GET /api/dealers?…: one page of dealers, searched and sorted by the server (issue #47). */
export const dealersQuery = (query: DealersQuery) =>
  queryOptions({
    queryKey: queryKeys.admin.dealerList(query),
    queryFn: async () => (await readApi('listDealers', { query })) ?? NO_PAGE,
    placeholderData: keepPreviousData,
  });

export const useDealers = (query: DealersQuery, enabled = true) =>
  useQuery({ ...dealersQuery(query), enabled });
