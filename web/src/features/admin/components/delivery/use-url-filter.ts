import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

/**
 * A board's filter kept in the URL (`/admin?tab=transport&tstatus=late`): a reload or a shared
 * link keeps it. Each board names its own parameter, apart from the other tabs'.
 */
export function useUrlFilter<T extends string>(param: string, values: readonly T[], fallback: T) {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get(param);
  const value = values.includes(raw as T) ? (raw as T) : fallback;
  const setValue = useCallback(
    (next: T) =>
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          params.set(param, next);
          return params;
        },
        { replace: true },
      ),
    [param, setSearchParams],
  );
  return [value, setValue] as const;
}
