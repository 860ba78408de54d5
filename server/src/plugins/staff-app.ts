import { PAGE_PATHS, type PageKey } from '@contracts/routes';
import {
  STAFF_APP_SCOPE,
  STAFF_ICONS,
  STAFF_MANIFEST_PATH,
  STAFF_SW_PATH,
  staffAppManifest,
} from '@contracts/staff-app';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../lib/escape-html';

/** The pages of the installable staff app (docs/design.md §17, ADR 0029): every page under its scope. */
export const isStaffPage = (page: PageKey | 'notFound') =>
  page !== 'notFound' &&
  (PAGE_PATHS[page] === STAFF_APP_SCOPE || PAGE_PATHS[page].startsWith(`${STAFF_APP_SCOPE}/`));

/**
 * A staff page's head names the staff app's manifest instead of the public site's (one manifest a
 * page), and the icon a phone's home screen shows.
 */
export function withStaffAppHead(html: string): string {
  const icon = STAFF_ICONS.find((i) => i.sizes === '192x192')!;
  return html
    .replace(
      /<link rel="manifest" href="[^"]*"\s*\/?>/,
      `<link rel="manifest" href="${STAFF_MANIFEST_PATH}">`,
    )
    .replace(
      '</head>',
      `<link rel="apple-touch-icon" href="${escapeHtml(icon.src)}"><meta name="apple-mobile-web-app-capable" content="yes"></head>`,
    );
}

/**
 * Headers of the staff app's service worker script: always revalidated (a new build reaches phones
 * on their next visit, not in an hour), and allowed the staff pages' scope.
 */
export const staffWorkerHeaders = (pathname: string): Record<string, string> | null =>
  pathname === STAFF_SW_PATH
    ? { 'cache-control': 'no-cache', 'service-worker-allowed': STAFF_APP_SCOPE }
    : null;

/** The staff app's web manifest, named after the configured product (the brand is configuration). */
export function registerStaffManifest(app: FastifyInstance, productName: string) {
  const manifest = JSON.stringify(staffAppManifest(productName));
  app.get(STAFF_MANIFEST_PATH, { config: { access: 'public' } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8').send(manifest),
  );
}
