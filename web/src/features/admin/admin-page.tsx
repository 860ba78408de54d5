import { PAGE_PATHS } from '@contracts/routes';
import { LogOut } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { useAdminCheck } from '@/features/auth/api/admin-check';
import { useAdminLogout } from '@/features/auth/api/admin-session';
import { RequireSession } from '@/features/auth/require-session';
import { displayStorage } from '@/lib/display-storage';
import { usePageMeta } from '@/lib/use-page-meta';

export default function AdminPage() {
  usePageMeta('admin');
  const check = useAdminCheck();
  return (
    <RequireSession
      isLoading={check.isPending}
      isSignedIn={!!check.data?.authorized}
      signInPath={PAGE_PATHS.adminLogin}
    >
      <AdminDashboard />
    </RequireSession>
  );
}

function AdminDashboard() {
  const [, navigate] = useLocation();
  const logout = useAdminLogout();
  const email = displayStorage.getAdminEmail();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Dashboard</h1>
          {email ? <p className="mt-1 text-sm text-slate-600">Signed in as {email}</p> : null}
        </div>
        <Button
          variant="outline"
          onClick={() => logout.mutate(undefined, { onSettled: () => navigate(PAGE_PATHS.adminLogin) })}
          disabled={logout.isPending}
        >
          <LogOut aria-hidden="true" className="h-4 w-4" />
          Log out
        </Button>
      </div>
    </div>
  );
}
