import type { AdminListing } from '@contracts/listings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/vehicles with the admin session: every vehicle, every field, and the sale of sold ones. */
export const adminVehiclesQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.vehicles(),
    queryFn: async () => ((await readApi('listVehicles')) as AdminListing[] | null) ?? [],
  });

export const useAdminVehicles = () => useQuery(adminVehiclesQuery());
