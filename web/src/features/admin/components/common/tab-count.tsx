import type { AdminTab } from '@contracts/admin';
import { cn } from '@/lib/cn';
import { useAdminVehicleCounts } from '../../api/get-admin-vehicles';
import { useFloorPlanBoard } from '../../api/get-floor-plan-board';
import { usePendingOfferCount } from '../../api/get-offers';
import { useTransportBoard } from '../../api/get-transport-board';
import { useWorkOrdersPage } from '../../api/get-work-orders';

/**
 * Work waiting in a tab: queued vehicles and pending offers; overdue work orders and late pickups
 * (red); floor-plan requests waiting for the lender.
 */
export function TabCount({ tab }: { tab: AdminTab }) {
  const vehicles = useAdminVehicleCounts();
  const pendingOffers = usePendingOfferCount();
  if (tab === 'recon') return <OverdueCount />;
  if (tab === 'transport') return <LatePickupCount />;
  if (tab === 'floor-plan') return <AwaitingLenderCount />;
  const count = tab === 'complete' ? vehicles.data?.queue : tab === 'offers' ? pendingOffers : undefined;
  return <CountPill count={count} word="waiting" />;
}

/** Work orders past their promised day, in red. */
function OverdueCount() {
  const page = useWorkOrdersPage({ limit: 1 });
  return <CountPill count={page.data?.counts.overdue} word="overdue" late />;
}

/** Transports whose pickup window ended with the car still on our lot, in red. */
function LatePickupCount() {
  const page = useTransportBoard({ status: 'all', limit: 1 });
  return <CountPill count={page.data?.counts.late} word="late" late />;
}

/** Floor-plan requests the lender has not answered yet. */
function AwaitingLenderCount() {
  const page = useFloorPlanBoard({ limit: 1 });
  return <CountPill count={page.data?.counts.requested} word="waiting" />;
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
