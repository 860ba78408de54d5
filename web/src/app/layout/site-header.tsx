import type { DealerInfo } from '@contracts/auth';
import { PAGE_PATHS } from '@contracts/routes';
import { LogOut } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { LogoMark } from '@/components/logo';
import { buttonClasses } from '@/components/ui/button';
import { useDealerLogout, useSignedInDealer } from '@/lib/auth/dealer-session';
import { brand } from '@/lib/brand';

function SignedInDealer({ dealer }: { dealer: DealerInfo }) {
  const [, navigate] = useLocation();
  const logout = useDealerLogout();
  const who = dealer.member ? `${dealer.member.name}, ${dealer.dealerName}` : dealer.dealerName;
  return (
    <>
      <span className="hidden max-w-48 truncate text-sm text-slate-600 md:inline" data-testid="signed-in-as">
        Signed in as <strong className="font-semibold text-slate-900">{who}</strong>
      </span>
      <button
        type="button"
        aria-label={`Sign out (${who})`}
        title={`Sign out (${who})`}
        disabled={logout.isPending}
        onClick={() =>
          logout.mutate(undefined, {
            onSettled: () => navigate(dealer.member ? PAGE_PATHS.teamSignIn : PAGE_PATHS.dealerLogin),
          })
        }
        className={buttonClasses('ghost', 'sm')}
      >
        <LogOut aria-hidden="true" className="h-4 w-4" />
        <span className="hidden sm:inline">Sign out</span>
      </button>
    </>
  );
}

/**
 * docs/product.md §2 header: brand to /, 'Browse Inventory' ('Browse' on small screens), 'Dealer Portal'
 * ('Portal'): the sign-in page, or for a signed-in dealer the dashboard, beside who is signed in
 * and a sign-out button (issue #26).
 */
export function SiteHeader() {
  const dealer = useSignedInDealer();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link
          href={PAGE_PATHS.home}
          className="flex min-w-0 items-center gap-2 rounded-md font-bold text-slate-900"
        >
          <LogoMark />
          <span className="truncate text-lg tracking-tight">{brand.productName}</span>
        </Link>
        <nav aria-label="Main" className="flex shrink-0 items-center gap-1 sm:gap-3">
          <Link href={PAGE_PATHS.inventory} className={buttonClasses('ghost', 'sm')}>
            <span className="sm:hidden">Browse</span>
            <span className="hidden sm:inline">Browse Inventory</span>
          </Link>
          {dealer ? <SignedInDealer dealer={dealer} /> : null}
          <Link
            href={dealer ? PAGE_PATHS.dealerDashboard : PAGE_PATHS.dealerLogin}
            className={buttonClasses('secondary', 'sm')}
          >
            <span className="sm:hidden">Portal</span>
            <span className="hidden sm:inline">Dealer Portal</span>
          </Link>
        </nav>
      </div>
    </header>
  );
}
