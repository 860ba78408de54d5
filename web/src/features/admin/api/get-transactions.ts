import type { AdminTransaction } from '@contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/transactions (newest first). */
export const transactionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.transactions(),
    queryFn: async () => (await getJson<AdminTransaction[]>('/api/transactions')) ?? [],
  });

export const useTransactions = () => useQuery(transactionsQuery());
