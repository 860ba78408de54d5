import { queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/admin/check: whether this browser's session is an admin's (docs/product.md §6, §7). */
export const adminCheckQuery = () =>
  queryOptions({
    queryKey: queryKeys.auth.adminCheck(),
    queryFn: async () => (await readApi('adminCheck').catch(() => null)) ?? { authorized: false },
  });

export const useAdminCheck = () => useQuery(adminCheckQuery());
