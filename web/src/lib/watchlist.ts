import type { UpdateWatchlistBody, WatchlistEntry } from '@contracts/watchlist';
import { MAX_WATCHLIST_MERGE } from '@contracts/watchlist-texts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';
import { clearLocalLists, readLocalLists } from '@/lib/storage/local-id-list';

/**
 * The signed-in dealer's watchlist (issue #30), shared by the vehicle page's Favorite and Watch and
 * the dashboard's Watchlist section. Its first read while signed in first hands the server what this
 * browser kept before (docs/product.md §3's lists), then empties them here: a mark made signed out is kept,
 * and made once.
 */
async function fetchWatchlist(): Promise<WatchlistEntry[]> {
  const local = readLocalLists();
  if (local.favorites.length === 0 && local.watching.length === 0)
    return (await readApi('dealerWatchlist')) ?? [];
  const merged = await callApi('mergeWatchlist', {
    // The newest marks, if a browser somehow kept more than one merge takes.
    body: {
      favorites: local.favorites.slice(-MAX_WATCHLIST_MERGE),
      watching: local.watching.slice(-MAX_WATCHLIST_MERGE),
    },
  });
  clearLocalLists();
  return merged;
}

export const watchlistQuery = () =>
  queryOptions({ queryKey: queryKeys.dealerPortal.watchlist(), queryFn: fetchWatchlist });

/** The watchlist; `enabled` false (no dealer signed in) asks nothing. */
export const useWatchlist = (enabled = true) => useQuery({ ...watchlistQuery(), enabled });

/** The list with one car's flags changed at once (a car new to it shows by its flags until the answer). */
function withFlags(list: WatchlistEntry[], vehicleId: number, change: UpdateWatchlistBody): WatchlistEntry[] {
  const current = list.find((entry) => entry.vehicleId === vehicleId);
  const next = {
    favorite: change.favorite ?? current?.favorite ?? false,
    watching: change.watching ?? current?.watching ?? false,
  };
  if (!next.favorite && !next.watching) return list.filter((entry) => entry.vehicleId !== vehicleId);
  if (current) return list.map((entry) => (entry.vehicleId === vehicleId ? { ...entry, ...next } : entry));
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
  return [placeholder, ...list];
}

/**
 * PUT /api/dealer/watchlist/:id, shown at once and undone when the server refuses (the caller
 * toasts the error); the list is read again either way.
 */
export function useUpdateWatchlist() {
  const queryClient = useQueryClient();
  const key = queryKeys.dealerPortal.watchlist();
  return useMutation({
    mutationFn: ({ vehicleId, change }: { vehicleId: number; change: UpdateWatchlistBody }) =>
      callApi('updateWatchlistEntry', { params: { id: vehicleId }, body: change }),
    onMutate: async ({ vehicleId, change }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<WatchlistEntry[]>(key);
      if (before) queryClient.setQueryData(key, withFlags(before, vehicleId, change));
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
