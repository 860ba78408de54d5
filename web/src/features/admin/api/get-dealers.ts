import type { Dealer } from '@contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/dealers */
export const dealersQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.dealers(),
    queryFn: async () => (await getJson<Dealer[]>('/api/dealers')) ?? [],
  });

export const useDealers = () => useQuery(dealersQuery());
