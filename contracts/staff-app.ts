/**
 * The installable staff app (docs/design.md §17, ADR 0029): the lot staff's upload wizard, its Recon
 * area and "My uploads", installed from the phone's browser and opened without a network. One place
 * for the paths the build (vite.config.ts), the server (plugins/staff-app.ts), the service worker
 * (web/src/sw) and the pages share.
 */

/** The pages the app covers: the service worker's scope and the manifest's (every staff page is under it). */
export const STAFF_APP_SCOPE = '/upload';
/** The service worker script, at the site's root so its scope can be narrower than its folder. */
export const STAFF_SW_PATH = '/staff-sw.js';
/** The web manifest of the staff app, linked from the staff pages only (the public pages keep theirs). */
export const STAFF_MANIFEST_PATH = '/staff.webmanifest';
/**
 * The HTML of /upload kept by the service worker as the app shell: the pages are rendered in the
 * browser (not on the server), so one shell boots any staff page offline. A query of its own, so a
 * navigation online is never answered from the cache.
 */
export const STAFF_SHELL_URL = '/upload?app-shell=1';

/** The app's icons, drawn at build time from the site's logo (vite.config.ts). */
export const STAFF_ICONS = [
  { src: '/icons/staff-192.png', sizes: '192x192', purpose: 'any' },
  { src: '/icons/staff-512.png', sizes: '512x512', purpose: 'any' },
  { src: '/icons/staff-maskable-512.png', sizes: '512x512', purpose: 'maskable' },
] as const;

/** The brand's colours as the pages use them: slate-900 (the header, the logo's tile) on white. */
export const STAFF_APP_COLORS = { theme: '#0f172a', background: '#ffffff' } as const;

/** The web manifest (https://www.w3.org/TR/appmanifest/), named after the configured product. */
export function staffAppManifest(productName: string) {
  return {
    id: STAFF_APP_SCOPE,
    name: `${productName} Upload`,
    short_name: 'Upload',
    description: 'Upload vehicles from the lot, with or without signal.',
    start_url: STAFF_APP_SCOPE,
    scope: STAFF_APP_SCOPE,
    display: 'standalone',
    orientation: 'portrait',
    theme_color: STAFF_APP_COLORS.theme,
    background_color: STAFF_APP_COLORS.background,
    icons: STAFF_ICONS.map((icon) => ({ ...icon, type: 'image/png' })),
  };
}

/** The message a page sends a waiting service worker to take over now ("A new version is ready"). */
export const STAFF_SW_SKIP_WAITING = 'skip-waiting';
