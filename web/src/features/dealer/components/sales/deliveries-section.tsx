import { PickupStatus } from '@/components/sale-status';
import { DASHBOARD_SECTIONS } from '../../dashboard-sections';
import { saleName } from '../../sale-tasks';
import { DeliveryPanel } from './delivery-panel';
import { Fact, type SalesProps, SalesSection } from './sale-list';

/**
 * Dashboard → Deliveries (issue #46): how each car bought gets to the dealer's lot — where it is and
 * what holds it (the server's one delivery state), its pickup place, hours and gate pass, or its
 * certified delivery with the floor plan paying for it (docs/design.md §15) — and the dealer's steps:
 * order delivery, pay with a line, confirm the arrival. Cancelled sales are left out. Paged; a
 * link to a delivery (`#delivery-123`, the sale's id) opens its page and brings it forward.
 */
export function DeliveriesSection({ canAct }: SalesProps) {
  return (
    <SalesSection
      section={DASHBOARD_SECTIONS.deliveries}
      item="delivery"
      what="deliveries"
      live
      empty="No deliveries yet. The cars you buy are followed here to your lot."
    >
      {(t) => (
        <>
          <dl className="mt-3 text-sm">
            <Fact label="Pickup">
              <PickupStatus sale={t} withPlace />
            </Fact>
          </dl>
          <DeliveryPanel sale={t} vehicle={saleName(t)} canAct={canAct} />
        </>
      )}
    </SalesSection>
  );
}
