import { PAGE_PATHS } from '@contracts/routes';
import { Link } from 'wouter';
import { LogoMark } from '@/components/logo';
import { buttonClasses } from '@/components/ui/button';
import { brand } from '@/lib/brand';

/** Spec §2 header: brand to /, 'Browse Inventory' ('Browse' on small screens), 'Dealer Portal' ('Portal'). */
export function SiteHeader() {
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
          <Link href={PAGE_PATHS.dealerLogin} className={buttonClasses('secondary', 'sm')}>
            <span className="sm:hidden">Portal</span>
            <span className="hidden sm:inline">Dealer Portal</span>
          </Link>
        </nav>
      </div>
    </header>
  );
}
