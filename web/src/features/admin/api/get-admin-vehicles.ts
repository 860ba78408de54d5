import { PAGE_LIMIT } from '@contracts/limits';
import type { AdminListing, AdminVehicleList } from '@contracts/listings';
import type { Page } from '@contracts/paging';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

export interface AdminVehiclePageQuery {
  list: AdminVehicleList;
  q?: string;
  cursor?: string;
  limit?: number;
}

/** Cards a page of the completion queue shows. */
export const QUEUE_PAGE = PAGE_LIMIT.default;

const NO_PAGE: Page<AdminListing> = { items: [], nextCursor: null, total: 0 };

/**
 * GET /api/admin/vehicles (issue #47): one page of the completion queue or of Manage Listings'
 * active, sold or removed cars, newest first, searched on the server.
 */
export const adminVehiclePageQuery = (query: AdminVehiclePageQuery) =>
  queryOptions({
    queryKey: queryKeys.admin.vehiclePage(query),
    queryFn: async () => (await readApi('listAdminVehicles', { query })) ?? NO_PAGE,
  });

/** A page of an admin vehicle list; the page shown stays while the next one loads. */
export const useAdminVehiclePage = (query: AdminVehiclePageQuery) =>
  useQuery({ ...adminVehiclePageQuery(query), placeholderData: keepPreviousData });
