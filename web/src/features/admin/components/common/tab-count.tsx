import type { AdminTab } from '@contracts/admin';
import type { AdminTabCounts } from '@contracts/listings';
import { cn } from '@/lib/cn';

/**
 * Work waiting in a tab: queued vehicles and pending offers; overdue work orders and late pickups
 * (red); floor-plan requests waiting for the lender. All from one read (GET /api/admin/tab-counts,
 * issue #47), each the count the tab's own list shows; read once for the whole strip (one
 * query observer, not one per tab).
 */
export function TabCount({ tab, counts }: { tab: AdminTab; counts: AdminTabCounts | null | undefined }) {
  if (!counts) return null;
  if (tab === 'recon') return <CountPill count={counts.overdueWorkOrders} word="overdue" late />;
  if (tab === 'transport') return <CountPill count={counts.latePickups} word="late" late />;
  if (tab === 'floor-plan') return <CountPill count={counts.awaitingLender} word="waiting" />;
  const count =
    tab === 'complete' ? counts.vehicles.queue : tab === 'offers' ? counts.pendingOffers : undefined;
  return <CountPill count={count} word="waiting" />;
}

/** The count beside a tab's name, with the word a screen reader hears: "(3 overdue)". Nothing at 0. */
function CountPill({
  count,
  word,
  late = false,
}: {
  count: number | undefined;
  word: string;
  late?: boolean;
}) {
  if (!count) return null;
  return (
    <span
      className={cn(
        'rounded-full px-1.5 py-0.5 text-xs font-semibold leading-none text-white',
        late ? 'bg-red-600' : 'bg-brand-600',
      )}
    >
      <span className="sr-only">(</span>
      {count}
      <span className="sr-only"> {word})</span>
    </span>
  );
}
