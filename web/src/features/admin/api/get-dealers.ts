import { queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/dealers */
export const dealersQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.dealers(),
    queryFn: async () => (await readApi('listDealers')) ?? [],
  });

export const useDealers = () => useQuery(dealersQuery());
