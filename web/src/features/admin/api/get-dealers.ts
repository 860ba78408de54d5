import { queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/dealers */
export const dealersQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.dealers(),
    queryFn: async () => (await readApi('listDealers')) ?? [],
  });

export const useDealers = () => useQuery(dealersQuery());
