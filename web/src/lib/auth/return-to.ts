import { matchPage, PAGE_PATHS } from '@contracts/routes';

/**
 * A signed-out visit to a place in the dealer dashboard (a link from an e-mail:
 * `/dealer/dashboard/offers#offer-45`) signs in and lands there: the place travels in the sign-in
 * page's address (`?next=`), and the sign-in goes there instead of the dashboard's first view. Only
 * a dashboard path is followed, so the parameter cannot send anyone off the site.
 */
const NEXT = 'next';

/** The sign-in page's address for a visit that wanted `wanted` (a path with its anchor). */
export const signInPathFor = (signInPath: string, wanted: string) =>
  wanted === PAGE_PATHS.dealerDashboard ? signInPath : `${signInPath}?${NEXT}=${encodeURIComponent(wanted)}`;

/** Where a sign-in goes next: the dashboard place its address names, else the dashboard. */
export function nextPathFrom(search: string) {
  const next = new URLSearchParams(search).get(NEXT);
  const path = next?.split('#')[0] ?? '';
  return next && path.startsWith('/') && !path.startsWith('//') && matchPage(path) === 'dealerDashboard'
    ? next
    : PAGE_PATHS.dealerDashboard;
}

/** The query a sign-in page passes on to the other sign-in page it links to, so the place is kept. */
export const keepNext = (path: string, search: string) =>
  new URLSearchParams(search).has(NEXT) ? `${path}?${search}` : path;
