import { ADMIN_TABS, type AdminTab, DEFAULT_ADMIN_TAB } from '@contracts/admin';
import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

const isTab = (value: string | null): value is AdminTab => ADMIN_TABS.includes(value as AdminTab);

/** The tab an address opens (`?tab=offers`), the default one when it names none. */
export function adminTabOf(searchParams: URLSearchParams): AdminTab {
  const value = searchParams.get('tab');
  return isTab(value) ? value : DEFAULT_ADMIN_TAB;
}

/** The open tab lives in the URL (`/admin?tab=offers`), so a reload or a shared link keeps it. */
export function useAdminTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = adminTabOf(searchParams);
  const setTab = useCallback(
    (next: string) => {
      if (!isTab(next)) return;
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          params.set('tab', next);
          return params;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  return [tab, setTab] as const;
}
