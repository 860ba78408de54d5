import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/sale-terms: the terms and due dates of a sale made now (they change once a day at most). */
export const useSaleTerms = () =>
  useQuery({
    queryKey: queryKeys.buying.saleTerms(),
    queryFn: () => callApi('saleTerms'),
    staleTime: 5 * 60_000,
  });
