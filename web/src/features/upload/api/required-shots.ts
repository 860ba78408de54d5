import { queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/required-shots: which guided shots the wizard requires (issue #34). */
export const requiredShotsQuery = () =>
  queryOptions({
    queryKey: queryKeys.upload.requiredShots(),
    queryFn: () => readApi('requiredShots'),
    // Offline the wizard goes on with the last list it read (use-required-shots.ts).
    retry: false,
    staleTime: 60_000,
  });

export const useRequiredShotsQuery = () => useQuery(requiredShotsQuery());
