import { PAGE_PATHS } from '@contracts/routes';
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoading } from '@/components/page-loading';
import { LandingPage } from '@/features/landing/landing-page';
import { NotFoundPage } from '@/features/not-found/not-found-page';

// Route groups load on demand, so the landing page ships none of the portal, upload or admin code.
const InventoryPage = lazy(() => import('@/features/inventory/inventory-page'));
const VehiclePage = lazy(() => import('@/features/vehicle/vehicle-page'));
const DealerLoginPage = lazy(() => import('@/features/dealer/dealer-login-page'));
const DealerDashboardPage = lazy(() => import('@/features/dealer/dealer-dashboard-page'));
const UploadPage = lazy(() => import('@/features/upload/upload-page'));
const AdminLoginPage = lazy(() => import('@/features/admin/admin-login-page'));
const AdminPage = lazy(() => import('@/features/admin/admin-page'));

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path={PAGE_PATHS.home} component={LandingPage} />
        <Route path={PAGE_PATHS.inventory} component={InventoryPage} />
        <Route path={PAGE_PATHS.vehicle}>{(params) => <VehiclePage id={params.id} />}</Route>
        <Route path={PAGE_PATHS.dealerLogin} component={DealerLoginPage} />
        <Route path={PAGE_PATHS.dealerDashboard} component={DealerDashboardPage} />
        <Route path={PAGE_PATHS.upload} component={UploadPage} />
        <Route path={PAGE_PATHS.adminLogin} component={AdminLoginPage} />
        <Route path={PAGE_PATHS.admin} component={AdminPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
