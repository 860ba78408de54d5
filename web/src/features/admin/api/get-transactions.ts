import { queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/transactions (newest first). */
export const transactionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.transactions(),
    queryFn: async () => (await readApi('listTransactions')) ?? [],
  });

export const useTransactions = () => useQuery(transactionsQuery());
