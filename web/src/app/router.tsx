import { DEALER_DASHBOARD_ROUTE, dealerSectionOfSegment, matchPage, PAGE_PATHS } from '@contracts/routes';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { lazyPage } from '@/app/lazy-page';
import { PageLoading } from '@/components/page-loading';
import { LandingPage } from '@/features/landing/landing-page';
import { NotFoundPage } from '@/features/not-found/not-found-page';
import { isVehicleId, vehicleQueryOptions } from '@/features/vehicle/api/get-vehicle';

// Route groups load on demand, so the landing page ships none of the portal, upload or admin code.
const LAZY_PAGES = {
  inventory: lazyPage(() => import('@/features/inventory/inventory-page')),
  vehicle: lazyPage(() => import('@/features/vehicle/vehicle-page')),
  dealerLogin: lazyPage(() => import('@/features/dealer/dealer-login-page')),
  dealerDashboard: lazyPage(() => import('@/features/dealer/dealer-dashboard-page')),
  upload: lazyPage(() => import('@/features/upload/upload-page')),
  recon: lazyPage(() => import('@/features/upload/recon/recon-page')),
  myUploads: lazyPage(() => import('@/features/upload/my-uploads/my-uploads-page')),
  adminLogin: lazyPage(() => import('@/features/admin/admin-login-page')),
  admin: lazyPage(() => import('@/features/admin/admin-page')),
  teamSignIn: lazyPage(() => import('@/features/team/team-sign-in-page')),
  acceptInvitation: lazyPage(() => import('@/features/team/accept-invitation-page')),
  forgotPassword: lazyPage(() => import('@/features/team/forgot-password-page')),
  resetPassword: lazyPage(() => import('@/features/team/reset-password-page')),
  account: lazyPage(() => import('@/features/team/account-page')),
  team: lazyPage(() => import('@/features/team/team-page')),
};
const { Page: InventoryPage } = LAZY_PAGES.inventory;
const { Page: VehiclePage } = LAZY_PAGES.vehicle;
const { Page: DealerLoginPage } = LAZY_PAGES.dealerLogin;
const { Page: DealerDashboardPage } = LAZY_PAGES.dealerDashboard;
const { Page: UploadPage } = LAZY_PAGES.upload;
const { Page: ReconPage } = LAZY_PAGES.recon;
const { Page: MyUploadsPage } = LAZY_PAGES.myUploads;
const { Page: AdminLoginPage } = LAZY_PAGES.adminLogin;
const { Page: AdminPage } = LAZY_PAGES.admin;
const { Page: TeamSignInPage } = LAZY_PAGES.teamSignIn;
const { Page: AcceptInvitationPage } = LAZY_PAGES.acceptInvitation;
const { Page: ForgotPasswordPage } = LAZY_PAGES.forgotPassword;
const { Page: ResetPasswordPage } = LAZY_PAGES.resetPassword;
const { Page: AccountPage } = LAZY_PAGES.account;
const { Page: TeamPage } = LAZY_PAGES.team;

/**
 * Starts what the first page of a visit needs before the app renders: its code (awaited, see
 * lazy-page.ts) and, for a vehicle's page, the vehicle (not awaited). The server preloads both with
 * the HTML, so the vehicle has usually arrived by the time the code has, and the first paint is the
 * page, gallery included, rather than its skeleton followed by the page (a render, style and layout
 * pass less before the largest paint); a vehicle still on its way shows the skeleton as before.
 * (The inventory's largest paint is its heading: its list arrives after, in a deferred pass.)
 * A page's own `prepare`, when it has one, is awaited too (admin-page.tsx: the open tab's code and
 * the admin check, issue #47).
 */
export async function preparePageOf(pathname: string, queryClient: QueryClient): Promise<void> {
  const key = matchPage(pathname);
  const id = pathname.split('/')[2] ?? '';
  if (key === 'vehicle' && isVehicleId(id)) void queryClient.prefetchQuery(vehicleQueryOptions(id));
  if (key in LAZY_PAGES)
    await (await LAZY_PAGES[key as keyof typeof LAZY_PAGES].preload()).prepare?.(queryClient);
}

/** The admin page's module, its code loaded: the server renders the page's frame (entry-server.tsx). */
export const loadAdminPage = () =>
  LAZY_PAGES.admin.preload() as Promise<typeof import('@/features/admin/admin-page')>;

/**
 * Says on <html> that the app works (`data-app-ready`: the held taps are replayed, ADR 0020; the
 * browser journeys wait for it, e2e/support/browser-page.ts) once the page itself has committed.
 * Inside the routes' Suspense boundary: on a server-rendered page React hydrates the app's frame
 * first and commits, and the page inside the boundary in a pass of its own after it; said at the
 * frame's commit, the first keystroke in the inventory's search box found no React there and
 * hydrated the page inside the event (issue #46, ADR 0050). Now the page's own controls (the
 * search and filters, the vehicle's buttons) are attached when it is said; the parts that hydrate
 * apart (ADR 0049) may follow, each hydrated at once by a tap.
 */
function PageAttached() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return null;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <PageAttached />
      <Switch>
        <Route path={PAGE_PATHS.home} component={LandingPage} />
        <Route path={PAGE_PATHS.inventory} component={InventoryPage} />
        <Route path={PAGE_PATHS.vehicle}>{(params) => <VehiclePage id={params.id} />}</Route>
        <Route path={PAGE_PATHS.dealerLogin} component={DealerLoginPage} />
        {/* The dashboard and its sections (/dealer/dashboard/purchases…), which the page routes; a
            segment naming no section is not found, as the server answers it (matchPage). */}
        <Route path={DEALER_DASHBOARD_ROUTE}>
          {(params: { section?: string }) =>
            dealerSectionOfSegment(params.section) ? <DealerDashboardPage /> : <NotFoundPage />
          }
        </Route>
        <Route path={PAGE_PATHS.upload} component={UploadPage} />
        <Route path={PAGE_PATHS.recon} component={ReconPage} />
        <Route path={PAGE_PATHS.myUploads} component={MyUploadsPage} />
        <Route path={PAGE_PATHS.adminLogin} component={AdminLoginPage} />
        <Route path={PAGE_PATHS.admin} component={AdminPage} />
        <Route path={PAGE_PATHS.teamSignIn} component={TeamSignInPage} />
        <Route path={PAGE_PATHS.acceptInvitation} component={AcceptInvitationPage} />
        <Route path={PAGE_PATHS.forgotPassword} component={ForgotPasswordPage} />
        <Route path={PAGE_PATHS.resetPassword} component={ResetPasswordPage} />
        <Route path={PAGE_PATHS.account} component={AccountPage} />
        <Route path={PAGE_PATHS.team} component={TeamPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
