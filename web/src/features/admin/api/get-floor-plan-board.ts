import { queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * GET /api/floor-plan-requests: every sale paid with a floor-plan line and where the lender stands
 * (Admin → Floor plan, docs/design.md §15). Read again on a sale's live change.
 */
export const floorPlanBoardQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.floorPlanBoard(),
    queryFn: async () => (await readApi('floorPlanBoard')) ?? [],
  });

export const useFloorPlanBoard = () => useQuery(floorPlanBoardQuery());
