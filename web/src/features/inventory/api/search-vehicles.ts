import type { PublicVehicle } from '@contracts/vehicle';
import type { VehicleSearchResult } from '@contracts/vehicle-search';
import { isSearchZip, type NumberFilter, numberFilterValue } from '@contracts/vehicle-search-options';
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';
import { FILTER_NAMES, type FilterName, type InventoryParams } from '../use-inventory-params';

/**
 * What a search asks the server: the page's URL state without the view, the text as typed words,
 * and only the filters that are valid ('' for the others: a half-typed ZIP or year is no filter yet).
 */
export interface InventorySearch extends Record<FilterName, string> {
  q: string;
  cert: InventoryParams['cert'];
  grade: InventoryParams['grade'];
  sort: InventoryParams['sort'];
}

/** Words separated by single spaces: "  toyota   camry " and "toyota camry" are one search. */
export const normalizeSearchText = (text: string) => text.trim().split(/\s+/).filter(Boolean).join(' ');

/**
 * The filters a search sends: a make and model as written (trimmed), numbers as the API reads them
 * (numberFilterValue: "20,000" is 20000, a word is nothing), a ZIP of five digits; an end of a range
 * below its start is left out until it is finished; a distance with no ZIP only for a signed-in
 * dealer (`fromDeliveryZip`: the server measures from its delivery ZIP), else once a ZIP is typed.
 */
export function validFilters(
  params: Record<FilterName, string>,
  fromDeliveryZip: boolean,
): Record<FilterName, string> {
  const number = (name: NumberFilter) => numberFilterValue(name, params[name]) ?? '';
  const [yearMin, yearMax, priceMin, priceMax] = [
    number('yearMin'),
    number('yearMax'),
    number('priceMin'),
    number('priceMax'),
  ];
  const below = (min: string, max: string) => min !== '' && max !== '' && Number(max) < Number(min);
  const zip = isSearchZip(params.zip.trim()) ? params.zip.trim() : '';
  return {
    make: params.make.trim(),
    model: params.model.trim(),
    yearMin,
    yearMax: below(yearMin, yearMax) ? '' : yearMax,
    priceMin,
    priceMax: below(priceMin, priceMax) ? '' : priceMax,
    maxMiles: number('maxMiles'),
    within: zip !== '' || fromDeliveryZip ? number('within') : '',
    zip,
  };
}

/**
 * The search of the page's state and typed text. A server-rendered page is rendered signed out
 * (ADR 0016): without `fromDeliveryZip`, so a dealer's page lists its delivery ZIP's cars once the
 * app knows who is signed in.
 */
export const inventorySearchOf = (
  params: Omit<InventoryParams, 'q' | 'view'>,
  text: string,
  fromDeliveryZip = false,
): InventorySearch => ({
  q: normalizeSearchText(text),
  cert: params.cert,
  grade: params.grade,
  sort: params.sort,
  ...validFilters(params, fromDeliveryZip),
});

/**
 * A search as the API's query string: defaults and empty filters left out, so the first page of the
 * default search is one URL (kept by the server).
 */
export function searchQueryOf(search: InventorySearch): Record<string, string> {
  const query: Record<string, string> = {};
  if (search.q) query.q = search.q;
  if (search.cert !== 'all') query.cert = search.cert;
  if (search.grade !== 'any') query.grade = search.grade;
  if (search.sort !== 'newest') query.sort = search.sort;
  for (const name of FILTER_NAMES) if (search[name]) query[name] = search[name];
  return query;
}

/** GET /api/vehicles/search: one page of a search, after `cursor` (the previous page's nextCursor). */
export const searchVehicles = (search: InventorySearch, cursor: string | null, signal?: AbortSignal) =>
  callApi('searchVehicles', {
    query: { ...searchQueryOf(search), ...(cursor ? { cursor } : {}) } as never,
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
