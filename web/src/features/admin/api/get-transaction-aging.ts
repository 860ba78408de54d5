import { useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/transactions/aging: unpaid sales by days since the sale, counts and dollars. */
export const useTransactionAging = () =>
  useQuery({
    queryKey: queryKeys.admin.transactionAging(),
    queryFn: () => readApi('transactionAging'),
  });
