import { QueryClient } from '@tanstack/react-query';

/** docs/product.md §7: reads do not retry, do not refetch on focus, do not poll and never go stale. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
