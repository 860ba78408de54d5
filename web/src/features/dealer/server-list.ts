import { type DealerDashboardItem, dealerItemAnchor } from '@contracts/dealer-dashboard';
import { PAGE_SIZE, useServerPaged } from '@/components/ui/pager';
import { useLocationHash } from '@/lib/use-location-hash';

/**
 * The id of the item of kind `item` the address names (`#offer-45` → 45), or null: a list the server
 * pages reads it by its id, since it may be on any page (docs/features/dealer-dashboard.md).
 */
export function useNamedId(item: DealerDashboardItem): number | null {
  const hash = useLocationHash();
  const prefix = dealerItemAnchor(item, '');
  const id = hash.startsWith(prefix) ? hash.slice(prefix.length) : '';
  return /^[1-9]\d{0,15}$/.test(id) ? Number(id) : null;
}

/**
 * A dashboard list's paging (20 a page, as before): the page's cursor and limit to ask for, and the
 * id the address names, to read first.
 */
export function useDashboardPaging(item: DealerDashboardItem) {
  const paging = useServerPaged<HTMLUListElement>(item, PAGE_SIZE);
  return { ...paging, namedId: useNamedId(item) };
}
