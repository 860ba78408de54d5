/**
 * Server rendering of a page's first HTML (ADR 0016): the Vehicle Listings page with its search's
 * first page, a published vehicle's page, and the admin page's frame for a signed-in admin. Built by `vite build --ssr` into
 * dist/ssr/entry-server.js, which the server imports when it is there (plugins/page-renderer.ts).
 * The server reads the data (it owns the database and the caches); this module says which data a
 * URL needs and renders the page from it with the exact tree the browser then hydrates.
 */
import type { GuaranteeTerms } from '@contracts/guarantee';
import { matchPage } from '@contracts/routes';
import type { PublicVehicleDetail } from '@contracts/vehicle';
import type { VehicleSearchResult } from '@contracts/vehicle-search';
import { type DehydratedState, dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from '@/app/app';
import { loadAdminPage, preparePageOf } from '@/app/router';
import { AdminFrame } from '@/features/admin/admin-frame';
import {
  type InventorySearch,
  inventorySearchOf,
  vehicleSearchQueryOptions,
} from '@/features/inventory/api/search-vehicles';
import type { ViewMode } from '@/features/inventory/inventory-query';
import {
  FILTER_NAMES,
  type FilterName,
  parseInventoryParams,
} from '@/features/inventory/use-inventory-params';
import { isVehicleId, vehicleQueryOptions } from '@/features/vehicle/api/get-vehicle';
import { createQueryClient } from '@/lib/api/query-client';
import { brand } from '@/lib/brand';
import { guaranteeQueryOptions } from '@/lib/buying/get-sale-terms';
import { vehicleTitle } from '@/lib/display/vehicle-title';

/**
 * What a server-rendered page is rendered from: the search whose first page it lists (and how it
 * lays it out, grid or list), or the vehicle it shows. The server caches rendered pages by it.
 */
export type PageData =
  | {
      page: 'inventory';
      search: InventorySearch;
      view: ViewMode;
      /** The filters' fields as written (a half-typed ZIP, a distance waiting for one): the form shows them. */
      fields: Record<FilterName, string>;
    }
  | { page: 'vehicle'; id: string };

/** The data the page at `pathname?search` is rendered from, or null for a page the server does not render. */
export function pageDataFor(pathname: string, search: string): PageData | null {
  const page = matchPage(pathname);
  if (page === 'inventory') {
    const params = parseInventoryParams(new URLSearchParams(search));
    const fields = Object.fromEntries(FILTER_NAMES.map((name) => [name, params[name]])) as Record<
      FilterName,
      string
    >;
    return { page, search: inventorySearchOf(params, params.q), view: params.view, fields };
  }
  const id = pathname.split('/')[2] ?? '';
  if (page === 'vehicle' && isVehicleId(id)) return { page, id };
  return null;
}

/**
 * What a vehicle's page is rendered from: the vehicle's public detail (what GET /api/vehicles/:id
 * answers) and the guarantee a car of its certification is sold with (the server's
 * guaranteeInForceFor), so the page prints its guarantee with no request of its own (issue #46).
 */
export interface VehiclePageData {
  vehicle: PublicVehicleDetail;
  guarantee: GuaranteeTerms;
}

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The query cache the markup was rendered from, for the browser's hydration. */
  state: DehydratedState;
  /** The document's title when the page names it after its data (a vehicle's page), as the page would set it. */
  title?: string;
}

/** The page at `pathname?search`, rendered from `data` (the search's first page, or VehiclePageData). */
export async function renderPage(
  pathname: string,
  search: string,
  needed: PageData,
  data: unknown,
): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  if (needed.page === 'inventory')
    queryClient.setQueryData(vehicleSearchQueryOptions(needed.search).queryKey, {
      pages: [data as VehicleSearchResult],
      pageParams: [null],
    });
  else {
    const { vehicle, guarantee } = data as VehiclePageData;
    queryClient.setQueryData(vehicleQueryOptions(needed.id).queryKey, vehicle as never);
    queryClient.setQueryData(guaranteeQueryOptions(vehicle.condition).queryKey, guarantee);
  }
  await preparePageOf(pathname, queryClient);
  const html = renderToString(
    <Router ssrPath={pathname} ssrSearch={search}>
      <App queryClient={queryClient} />
    </Router>,
  );
  const state = dehydrate(queryClient);
  queryClient.clear();
  const title =
    needed.page === 'vehicle'
      ? `${vehicleTitle((data as VehiclePageData).vehicle)} | ${brand.productName}`
      : undefined;
  return { html, state, ...(title ? { title } : {}) };
}

/**
 * The admin page's frame for a session the server has found to be an admin's (ADR 0051): the page
 * as its first render draws it before any answer (the header, the stat cards and, on the Complete
 * tab, its heading and description and loading rows; another tab's loading placeholder), so a phone
 * paints the tab's description — the page's largest paint — with the HTML instead of once the app's
 * code has run (issue #47). Not hydrated: the browser renders the page over it (no state is sent),
 * the same tree, so nothing moves.
 */
export async function renderAdminFrame(search: string, email: string): Promise<string> {
  const queryClient = createQueryClient();
  const admin = await loadAdminPage();
  await admin.prepareFrame(queryClient, search);
  const html = renderToString(
    <Router ssrPath="/admin" ssrSearch={search}>
      <AdminFrame.Provider value={{ email }}>
        <App queryClient={queryClient} />
      </AdminFrame.Provider>
    </Router>,
  );
  queryClient.clear();
  return html;
}
