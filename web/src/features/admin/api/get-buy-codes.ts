import { queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/buy-codes[?dealerId=N]: one dealer's codes, or every code. */
export const buyCodesQuery = (dealerId?: number) =>
  queryOptions({
    queryKey: queryKeys.admin.buyCodes(dealerId),
    queryFn: async () => (await readApi('listBuyCodes', { query: { dealerId } })) ?? [],
  });

export const useBuyCodes = (dealerId?: number) => useQuery(buyCodesQuery(dealerId));
