import type { DealerListQuery, DealerWatchlistPage } from '@contracts/dealer-lists';
import type { UpdateWatchlistBody, WatchlistEntry } from '@contracts/watchlist';
import { MAX_WATCHLIST_MERGE } from '@contracts/watchlist-texts';
import {
  keepPreviousData,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi, readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';
import { clearLocalLists, readLocalLists } from '@/lib/storage/local-id-list';

/**
 * The signed-in dealer's watchlist (issue #30), paged by the server (issue #47): the dashboard's
 * Watchlist section reads its pages, the vehicle page's Favorite and Watch read that one car's marks
 * (`id`). Whichever read comes first while signed in first hands the server what this browser kept
 * before (docs/product.md §3's lists), then empties them here: a mark made signed out is kept, and
 * made once.
 */
let handingOver: Promise<void> | null = null;

/** Posts the marks made signed out (once, however many reads start together); nothing when there are none. */
function handOverLocalMarks(): Promise<void> {
  const local = readLocalLists();
  if (local.favorites.length === 0 && local.watching.length === 0) return Promise.resolve();
  handingOver ??= callApi('mergeWatchlist', {
    // The newest marks, if a browser somehow kept more than one merge takes.
    body: {
      favorites: local.favorites.slice(-MAX_WATCHLIST_MERGE),
      watching: local.watching.slice(-MAX_WATCHLIST_MERGE),
    },
  })
    .then(() => clearLocalLists())
    .finally(() => {
      handingOver = null;
    });
  return handingOver;
}

async function fetchWatchlistPage(query: DealerListQuery): Promise<DealerWatchlistPage | null> {
  await handOverLocalMarks();
  return readApi('dealerWatchlistPage', { query });
}

/**
 * GET /api/dealer/watchlist/page: a page of the person's marks, the latest first, or one car's
 * (`id`: the page holds it, or nothing). Off (`enabled: false`) until it is needed.
 */
export const useWatchlistPage = (query: DealerListQuery, enabled = true) =>
  useQuery({
    queryKey: queryKeys.dealerPortal.watchlistPage(query),
    queryFn: () => fetchWatchlistPage(query),
    placeholderData: keepPreviousData,
    enabled,
  });

/** One car's marks on the person's watchlist (the vehicle page's buttons), and whether they are known yet. */
export function useCarMarks(vehicleId: number) {
  const read = useWatchlistPage({ id: vehicleId, limit: 1 });
  // The answer for this car, not the one kept from the car shown before.
  const known = !read.isPending && !read.isPlaceholderData;
  const entry = read.data?.items.find((e) => e.vehicleId === vehicleId);
  return { entry, known };
}

/**
 * A page with one car's flags changed at once: off both, it leaves the page; a car new to the list
 * shows by its flags on the read that names it (`named`) until the answer.
 */
function withFlags(
  page: DealerWatchlistPage,
  vehicleId: number,
  change: UpdateWatchlistBody,
  named: boolean,
): DealerWatchlistPage {
  const current = page.items.find((entry) => entry.vehicleId === vehicleId);
  const next = {
    favorite: change.favorite ?? current?.favorite ?? false,
    watching: change.watching ?? current?.watching ?? false,
  };
  if (!next.favorite && !next.watching)
    return current
      ? {
          ...page,
          items: page.items.filter((entry) => entry.vehicleId !== vehicleId),
          total: Math.max(0, page.total - 1),
        }
      : page;
  if (current)
    return {
      ...page,
      items: page.items.map((entry) => (entry.vehicleId === vehicleId ? { ...entry, ...next } : entry)),
    };
  if (!named) return page;
  const placeholder: WatchlistEntry = {
    vehicleId,
    title: '',
    price: null,
    mileage: null,
    photo: null,
    status: 'available',
    createdAt: new Date().toISOString(),
    ...next,
  };
  return { ...page, items: [placeholder, ...page.items], total: page.total + 1 };
}

/** The query a watchlist key was made from (queryKeys.dealerPortal.watchlistPage). */
const queryOf = (key: QueryKey) => key[3] as DealerListQuery | undefined;

/**
 * PUT /api/dealer/watchlist/:id, shown at once on every page and car read held, and undone when the
 * server refuses (the caller toasts the error); the watchlist's reads are read again either way.
 */
export function useUpdateWatchlist() {
  const queryClient = useQueryClient();
  const key = queryKeys.dealerPortal.watchlist();
  return useMutation({
    mutationFn: ({ vehicleId, change }: { vehicleId: number; change: UpdateWatchlistBody }) =>
      callApi('updateWatchlistEntry', { params: { id: vehicleId }, body: change }),
    onMutate: async ({ vehicleId, change }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueriesData<DealerWatchlistPage | null>({ queryKey: key });
      for (const [queryKey, page] of before)
        if (page)
          queryClient.setQueryData(
            queryKey,
            withFlags(page, vehicleId, change, queryOf(queryKey)?.id === vehicleId),
          );
      return { before };
    },
    onError: (_error, _variables, context) => {
      for (const [queryKey, page] of context?.before ?? []) queryClient.setQueryData(queryKey, page);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
