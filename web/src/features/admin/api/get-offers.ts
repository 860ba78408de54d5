import type { OffersQuery } from '@contracts/offer-list';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

const NO_PAGE = {
  items: [],
  nextCursor: null,
  total: 0,
  counts: { pending: 0, countered: 0, accepted: 0, declined: 0, expired: 0 },
};

/** GET /api/offers?…: one page of offers, filtered and sorted by the server, with each status's count (issue #47). */
export const offersQuery = (query: OffersQuery) =>
  queryOptions({
    queryKey: queryKeys.admin.offerList(query),
    queryFn: async () => (await readApi('listOffers', { query })) ?? NO_PAGE,
    // The page shown stays while the next one loads (no flash of placeholders on Next).
    placeholderData: keepPreviousData,
  });

export const useOffers = (query: OffersQuery) => useQuery(offersQuery(query));
