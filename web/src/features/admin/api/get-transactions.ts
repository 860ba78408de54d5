import type { TransactionFilter } from '@contracts/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/transactions[?filter=…] (newest first). */
export const transactionsQuery = (filter?: TransactionFilter) =>
  queryOptions({
    queryKey: queryKeys.admin.transactionList(filter),
    queryFn: async () => (await readApi('listTransactions', filter ? { query: { filter } } : {})) ?? [],
  });

export const useTransactions = (filter?: TransactionFilter) => useQuery(transactionsQuery(filter));
