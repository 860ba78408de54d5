import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/staff/uploads: the staff sign-in's vehicles, newest first, and how many in all. */
export const useStaffUploads = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.staff.uploads(),
    queryFn: () => callApi('staffUploads'),
    enabled,
    // Where the cars stand changes as the admin works: read again on each visit of the page.
    staleTime: 0,
  });
