import type { TransactionsQuery } from '@contracts/transactions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

const NO_PAGE = {
  items: [],
  nextCursor: null,
  total: 0,
  counts: { overdue: 0, title_late: 0, unwind_requested: 0, open_claims: 0, claim_payment_late: 0 },
};

/** GET /api/transactions?…: one page of sales, filtered and sorted by the server (issue #47). */
export const transactionsQuery = (query: TransactionsQuery) =>
  queryOptions({
    queryKey: queryKeys.admin.transactionList(query),
    queryFn: async () => (await readApi('listTransactions', { query })) ?? NO_PAGE,
    // The page shown stays while the next one loads (no flash of placeholders on Next).
    placeholderData: keepPreviousData,
  });

export const useTransactions = (query: TransactionsQuery) => useQuery(transactionsQuery(query));
