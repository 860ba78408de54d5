import { certificationLevelOf, type GuaranteeTerms } from '@contracts/guarantee';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/sale-terms: the terms and due dates of a sale made now (they change once a day at most). */
const saleTermsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.buying.saleTerms(),
    queryFn: () => callApi('saleTerms'),
    staleTime: 5 * 60_000,
  });

export const useSaleTerms = () => useQuery(saleTermsQueryOptions());

/**
 * The guarantee of a car of this certification (vehicles.condition), as the vehicle page prints it.
 * A server-rendered page brings it in its state (the server's guaranteeInForceFor, issue #46): no
 * request. After a move within the app it is its level's terms from GET /api/sale-terms (the
 * sale terms' cache, shared with Buy Now). The configured guarantee changes only with a restart.
 */
export const guaranteeQueryOptions = (condition: string | null | undefined) => {
  const level = certificationLevelOf(condition);
  return queryOptions<GuaranteeTerms>({
    queryKey: queryKeys.buying.guarantee(level),
    queryFn: async ({ client }) => (await client.fetchQuery(saleTermsQueryOptions())).guarantees[level],
  });
};

export const useGuarantee = (condition: string | null | undefined) =>
  useQuery(guaranteeQueryOptions(condition));
