import type { DealerTransaction } from '@contracts/buying';
import { dealerItemAnchor } from '@contracts/dealer-dashboard';
import { vehiclePath } from '@contracts/routes';
import { boughtByText } from '@contracts/teams';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { StageBadge } from '@/components/sale-status';
import { AnchoredItem } from '@/components/ui/anchored-item';
import type { SectionHeading } from '@/components/ui/query-states';
import { formatMoney } from '@/lib/display/format';
import { formatDate } from '@/lib/display/time-left';
import { useDealerSalesPage } from '../../api/dealer-portal';
import { saleName } from '../../sale-tasks';
import { DashboardPagedSection, type PagedSectionQuery } from '../dashboard/dashboard-paged-section';

/** What a section listing the dealership's sales is given: whether the reader acts. */
export interface SalesProps {
  /** false for a team viewer, who reads and takes no step. */
  canAct: boolean;
}

/** The kinds of item that are a sale seen from one side (contracts/routes.ts), and their test ids. */
const SALE_ITEMS = {
  sale: 'dealer-transaction',
  delivery: 'dealer-delivery',
  saleDocuments: 'dealer-documents',
} as const;

/**
 * A dashboard section that lists sales, each from its own side (Purchases, Deliveries, Documents):
 * a card per sale anchored as the contract names it (`#sale-123`, `#delivery-123`, `#documents-123`)
 * with the sale's first line, then what `children` shows of it; the server pages them (20 a page,
 * newest first; `live`: without the cancelled ones), and a linked sale is read by its id and shown
 * first when it is on another page; `empty` when there is none.
 */
export function SalesSection({
  section,
  item,
  what,
  live = false,
  empty,
  children,
}: {
  section: SectionHeading & { title: string };
  item: keyof typeof SALE_ITEMS;
  /** What the list is, in its loading and failure lines ("transactions"). */
  what: string;
  live?: boolean;
  empty: string;
  children: (sale: DealerTransaction) => ReactNode;
}) {
  const anchorOf = (sale: DealerTransaction) => dealerItemAnchor(item, sale.id);
  const choices = live ? { live: 'true' as const } : {};
  const useSalesPage = (query: PagedSectionQuery, enabled?: boolean) =>
    useDealerSalesPage({ ...choices, ...query }, enabled);
  return (
    <DashboardPagedSection
      section={{
        ...section,
        loading: `Loading ${what}…`,
        failed: `Could not load ${what}:`,
        signedOut: `Your session has ended: sign in again to see your ${what}.`,
        empty,
      }}
      item={item}
      usePage={useSalesPage}
      listClassName="mt-4 grid gap-4"
    >
      {(sale) => (
        <AnchoredItem
          key={sale.id}
          anchor={anchorOf(sale)}
          className="rounded-xl border border-slate-200 p-4"
          data-testid={`${SALE_ITEMS[item]}-${sale.id}`}
        >
          <SaleHeader sale={sale} />
          {children(sale)}
        </AnchoredItem>
      )}
    </DashboardPagedSection>
  );
}

/**
 * A sale's first line: the car (a link to its page), when and by whom it was bought, the amount and
 * the server's stage (the same word the admin reads, never "Pending" on a car paid and picked up).
 */
function SaleHeader({ sale: t }: { sale: DealerTransaction }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0">
        <Link href={vehiclePath(t.vehicleId)} className="font-medium text-slate-900 hover:underline">
          {saleName(t)}
        </Link>
        <p className="text-sm text-slate-600">
          {formatDate(t.createdAt)}
          {t.boughtBy ? ` · ${boughtByText(t.boughtBy)}` : ''}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span className="font-semibold text-slate-900">{formatMoney(t.amount)}</span>
        <StageBadge sale={t} />
      </div>
    </div>
  );
}

/** A fact of a sale: its label over its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-slate-800">{children}</dd>
    </div>
  );
}
