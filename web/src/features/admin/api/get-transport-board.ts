import type { TransportBoardPage, TransportBoardQuery } from '@contracts/delivery';
// Without zod (contracts/delivery-texts.ts): the admin page's tab counts read this module.
import { TRANSPORT_VIEWS } from '@contracts/delivery-texts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

const NO_PAGE: TransportBoardPage = {
  items: [],
  nextCursor: null,
  total: 0,
  counts: Object.fromEntries(TRANSPORT_VIEWS.map((v) => [v, 0])) as TransportBoardPage['counts'],
};

/**
 * GET /api/transport-orders?…: a page of every sale's certified delivery, filtered (a status, the
 * open orders or the late pickups), searched and sorted by the server, with each view's count
 * (Admin → Transport, docs/design.md §15; issue #47). Read again on a sale's live change (its key
 * is under the transactions').
 */
export const transportBoardQuery = (query: TransportBoardQuery) =>
  queryOptions({
    queryKey: queryKeys.admin.transportBoard(query),
    queryFn: async () => (await readApi('transportBoard', { query })) ?? NO_PAGE,
    placeholderData: keepPreviousData,
  });

export const useTransportBoard = (query: TransportBoardQuery) => useQuery(transportBoardQuery(query));
