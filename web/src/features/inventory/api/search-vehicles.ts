import type { PublicVehicle } from '@contracts/vehicle';
import type { VehicleSearchResult } from '@contracts/vehicle-search';
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';
import type { InventoryParams } from '../use-inventory-params';

/** What a search asks the server: the page's URL state without the view, the text as typed words. */
export interface InventorySearch {
  q: string;
  cert: InventoryParams['cert'];
  grade: InventoryParams['grade'];
  sort: InventoryParams['sort'];
}

/** Words separated by single spaces: "  toyota   camry " and "toyota camry" are one search. */
export const normalizeSearchText = (text: string) => text.trim().split(/\s+/).filter(Boolean).join(' ');

export const inventorySearchOf = (
  params: Pick<InventoryParams, 'cert' | 'grade' | 'sort'>,
  text: string,
) => ({
  q: normalizeSearchText(text),
  cert: params.cert,
  grade: params.grade,
  sort: params.sort,
});

/** GET /api/vehicles/search: one page of a search, after `cursor` (the previous page's nextCursor). */
export const searchVehicles = (search: InventorySearch, cursor: string | null, signal?: AbortSignal) =>
  callApi('searchVehicles', {
    // Defaults are left out, so the first page of the default search is one URL (cached by the server).
    query: {
      ...(search.q ? { q: search.q } : {}),
      ...(search.cert !== 'all' ? { cert: search.cert } : {}),
      ...(search.grade !== 'any' ? { grade: search.grade } : {}),
      ...(search.sort !== 'newest' ? { sort: search.sort } : {}),
      ...(cursor ? { cursor } : {}),
    } as never,
    signal,
  }) as Promise<VehicleSearchResult>;

export type SearchPages = InfiniteData<VehicleSearchResult, unknown>;

export const vehicleSearchQueryOptions = (search: InventorySearch) =>
  infiniteQueryOptions({
    queryKey: queryKeys.vehicles.search(search),
    queryFn: ({ pageParam, signal }) => searchVehicles(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A new search keeps the previous results on screen (marked busy) until its first page arrives.
    placeholderData: keepPreviousData,
    // Searches are many and cheap to ask again: a typed word's results are not kept for long.
    gcTime: 60_000,
  });

export const useVehicleSearch = (search: InventorySearch) =>
  useInfiniteQuery(vehicleSearchQueryOptions(search));

/** The vehicles of every loaded page, in order. */
export const vehiclesOfPages = (data: SearchPages | undefined): PublicVehicle[] =>
  data ? data.pages.flatMap((page) => page.items) : [];
