import type { AdminBuyCode } from '@contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/buy-codes[?dealerId=N]: one dealer's codes, or every code. */
export const buyCodesQuery = (dealerId?: number) =>
  queryOptions({
    queryKey: queryKeys.admin.buyCodes(dealerId),
    queryFn: async () =>
      (await getJson<AdminBuyCode[]>(dealerId ? `/api/buy-codes?dealerId=${dealerId}` : '/api/buy-codes')) ??
      [],
  });

export const useBuyCodes = (dealerId?: number) => useQuery(buyCodesQuery(dealerId));
