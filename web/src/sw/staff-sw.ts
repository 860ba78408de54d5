/**
 * The staff app's service worker (docs/design.md §17, ADR 0029). It keeps the staff pages' code (the
 * upload wizard, Recon and "My uploads" chunks, the shell they boot from, their CSS, the icons and
 * the manifest: the list the build injects as self.__WB_MANIFEST, vite.config.ts) and the HTML of
 * /upload, so the app opens with no network. It caches nothing else: API answers, tus uploads and
 * anything behind a session always go to the network, untouched (no route answers them).
 *
 * Updates: a new version installs in the background and waits, as a service worker does by default,
 * until every staff page is closed (it is active on the next open), or until a page asks it to take
 * over ("A new version is ready", web/src/lib/pwa). It never claims pages already open: a page keeps
 * the code it started with.
 */
import { STAFF_APP_SCOPE, STAFF_SHELL_URL, STAFF_SW_SKIP_WAITING } from '@contracts/staff-app';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: PrecacheEntry[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * A staff page's navigation goes to the network as ever; only when the network fails (no signal) is
 * it answered with the kept /upload page, which boots the app and the router shows the page asked
 * for (the staff pages are rendered in the browser, so there is no server HTML to hydrate).
 */
const escapedScope = STAFF_APP_SCOPE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (error) {
        const shell = await matchPrecache(STAFF_SHELL_URL);
        if (shell) return shell;
        throw error;
      }
    },
    { allowlist: [new RegExp(`^${escapedScope}(?:/|$)`)] },
  ),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === STAFF_SW_SKIP_WAITING) void self.skipWaiting();
});
