import type { LucideIcon } from 'lucide-react';
import { CarFront, HandCoins, Store } from 'lucide-react';
import { Loading } from '@/components/ui/placeholders';
import { ADMIN_LABELS } from '../../admin-texts';
import { useAdminTabCounts } from '../../api/get-tab-counts';

/**
 * Total Vehicles, Active Listings, Pending Offers (docs/product.md §2): counted by the server, in
 * the one read the tabs' counts come with (GET /api/admin/tab-counts).
 */
export function StatCards() {
  const counts = useAdminTabCounts().data;
  const total = counts?.vehicles.total;
  const active = counts?.vehicles.active;
  const pending = counts?.pendingOffers;
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-4">
      <StatCard icon={CarFront} label={ADMIN_LABELS.totalVehicles} value={total} />
      <StatCard icon={Store} label={ADMIN_LABELS.activeListings} value={active} />
      <StatCard icon={HandCoins} label={ADMIN_LABELS.pendingOffers} value={pending} />
    </dl>
  );
}

function StatCard({
  icon: Icon,
  label,
  value,
}: {
  icon: LucideIcon;
  label: string;
  value: number | undefined;
}) {
  return (
    <div className="relative rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5 sm:pr-16">
      <dt className="text-xs font-medium text-slate-600 sm:text-sm">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900 sm:text-3xl">
        {/* Top-aligned, so the loading bar does not make the line taller than the figure (layout
            shift, issue #47). */}
        {value === undefined ? (
          <Loading label="Loading" className="inline-block h-7 w-10 align-top" />
        ) : (
          value
        )}
        <Icon
          aria-hidden="true"
          className="absolute right-5 top-1/2 hidden h-9 w-9 -translate-y-1/2 rounded-lg bg-brand-50 p-2 text-brand-600 sm:block"
        />
      </dd>
    </div>
  );
}
