import { PAGE_PATHS } from '@contracts/routes';
import { Link } from 'wouter';
import { LogoMark } from '@/components/logo';
import { useAdminCheck } from '@/lib/auth/admin-check';
import { brand } from '@/lib/brand';

/** docs/product.md §2 footer: logo, 'Admin', 'Upload Vehicle', copyright. */
export function SiteFooter() {
  // The server's answer is the only thing trusted here (docs/product.md §6, docs/design.md §2).
  const adminCheck = useAdminCheck();
  const adminHref = adminCheck.data?.authorized ? PAGE_PATHS.admin : PAGE_PATHS.adminLogin;
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex items-center gap-2 font-semibold text-slate-900">
          <LogoMark className="h-7 w-7" />
          <span>{brand.productName}</span>
        </div>
        <nav aria-label="Footer" className="flex gap-6 text-sm">
          <Link href={adminHref} className="text-slate-700 underline-offset-4 hover:underline">
            Admin
          </Link>
          <Link href={PAGE_PATHS.upload} className="text-slate-700 underline-offset-4 hover:underline">
            Upload Vehicle
          </Link>
        </nav>
        <p className="text-sm text-slate-600">© 2025 {brand.productName} Wholesale Auto Marketplace.</p>
      </div>
    </footer>
  );
}
