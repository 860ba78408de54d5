import { queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/admin/jobs: every background job's last run, next run, outcome and failures. */
export const jobsQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.jobs(),
    queryFn: async () => (await readApi('listJobs')) ?? [],
    // A job runs every few seconds to every few minutes: the panel follows it while open.
    refetchInterval: 30_000,
  });

export const useJobs = () => useQuery(jobsQuery());
