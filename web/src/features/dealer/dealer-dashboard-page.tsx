import { PAGE_PATHS } from '@contracts/routes';
import { LogOut } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { useDealerLogout, useDealerMe } from '@/features/auth/api/dealer-session';
import { RequireSession } from '@/features/auth/require-session';
import { usePageMeta } from '@/lib/use-page-meta';

export default function DealerDashboardPage() {
  usePageMeta('dealerDashboard');
  const me = useDealerMe();
  return (
    <RequireSession isLoading={me.isPending} isSignedIn={!!me.data} signInPath={PAGE_PATHS.dealerLogin}>
      {me.data ? <DealerDashboard dealerName={me.data.dealerName} /> : null}
    </RequireSession>
  );
}

function DealerDashboard({ dealerName }: { dealerName: string }) {
  const [, navigate] = useLocation();
  const logout = useDealerLogout();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="text-sm font-medium text-brand-700">Dealer Dashboard</p>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Welcome, {dealerName}</h1>
        </div>
        <Button
          variant="outline"
          onClick={() => logout.mutate(undefined, { onSettled: () => navigate(PAGE_PATHS.dealerLogin) })}
          disabled={logout.isPending}
        >
          <LogOut aria-hidden="true" className="h-4 w-4" />
          Log out
        </Button>
      </div>
    </div>
  );
}
