import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Brand, SSR_BRAND_GLOBAL } from '@contracts/brand';

/**
 * The web app's server renderer (web/src/app/entry-server.tsx, built into dist/ssr by `npm run build`),
 * as the server calls it. Its types are written here rather than imported: the server is compiled
 * without the web app's JSX and aliases, and the build is loaded at run time, when it is there.
 */
export type PageData =
  | { page: 'inventory'; search: Record<string, string>; view: string; fields: Record<string, string> }
  | { page: 'vehicle'; id: string };

export interface RenderedPage {
  html: string;
  state: unknown;
  /** The document's title, when the page is named after its data. */
  title?: string;
}

export interface PageRenderer {
  pageDataFor(pathname: string, search: string): PageData | null;
  renderPage(pathname: string, search: string, needed: PageData, data: unknown): Promise<RenderedPage>;
  /** The admin page's frame (markup inside #root, not hydrated) for a signed-in admin's `?tab=`. */
  renderAdminFrame?(search: string, email: string): Promise<string>;
}

/**
 * Loads the renderer from `ssrDir`, or null when the web app was built without it (tests that
 * serve a stand-in build) — pages are then the app shell alone, as before server rendering.
 */
export async function loadPageRenderer(ssrDir: string, brand: Brand): Promise<PageRenderer | null> {
  const entry = join(ssrDir, 'entry-server.js');
  if (!existsSync(entry)) return null;
  (globalThis as Record<string, unknown>)[SSR_BRAND_GLOBAL] = brand;
  return (await import(pathToFileURL(entry).href)) as PageRenderer;
}
