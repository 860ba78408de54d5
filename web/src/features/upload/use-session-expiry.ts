import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * A 401 mid-wizard means the 12 h staff session ended: re-reading it shows the password step, and
 * signing in again returns to the same step (the wizard state is kept).
 */
export function useOnSessionExpired() {
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown) => {
      const status = (error as { status?: unknown } | null)?.status;
      if (status === 401) void queryClient.invalidateQueries({ queryKey: queryKeys.auth.staffMe() });
    },
    [queryClient],
  );
}
