import type { FloorPlanBoardQuery } from '@contracts/delivery';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

const NO_PAGE = {
  items: [],
  nextCursor: null,
  total: 0,
  counts: { all: 0, requested: 0, approved: 0, declined: 0, funded: 0 },
};

/**
 * GET /api/floor-plan-requests?…: a page of the sales paid with a floor-plan line and where the
 * lender stands, filtered, searched and sorted by the server, with each status's count (Admin →
 * Floor plan, docs/design.md §15; issue #47). Read again on a sale's live change.
 */
export const floorPlanBoardQuery = (query: FloorPlanBoardQuery) =>
  queryOptions({
    queryKey: queryKeys.admin.floorPlanBoard(query),
    queryFn: async () => (await readApi('floorPlanBoard', { query })) ?? NO_PAGE,
    placeholderData: keepPreviousData,
  });

export const useFloorPlanBoard = (query: FloorPlanBoardQuery) => useQuery(floorPlanBoardQuery(query));
