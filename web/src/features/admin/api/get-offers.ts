import { queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/offers: every offer with its vehicle, dealer and activity log. */
export const offersQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.offers(),
    queryFn: async () => (await readApi('listOffers')) ?? [],
  });

export const useOffers = () => useQuery(offersQuery());
