import type { RequiredShots, UpdateRequiredShotsBody } from '@contracts/required-shots';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/required-shots: the guided shots staff must take or skip with a reason (issue #34). */
export const requiredShotsQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.requiredShots(),
    queryFn: () => readApi('requiredShots'),
  });

export const useRequiredShots = () => useQuery(requiredShotsQuery());

/** PUT /api/required-shots: the answer is the saved setting, written straight into the cache. */
export function useUpdateRequiredShots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRequiredShotsBody) => callApi('updateRequiredShots', { body }),
    onSuccess: (saved: RequiredShots) => queryClient.setQueryData(queryKeys.admin.requiredShots(), saved),
  });
}
