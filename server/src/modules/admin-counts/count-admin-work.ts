import type { AdminTabCounts } from '@contracts/listings';
import type { Database } from '../../db/client';
import { transportCounts } from '../delivery/transport-board-page';
import { floorPlanCounts } from '../floor-plan/floor-plan-board';
import { expireOffers } from '../offers/expire-offers';
import { offerStatusCounts } from '../offers/offer-list';
import { workOrderCounts } from '../recon/work-order-list';
import { countAdminVehicles } from '../vehicles/find-vehicles';

/**
 * /admin's first screen in one read (issue #47): the stat cards' vehicle counts and the work waiting
 * beside the tabs, each from the function its tab's own list counts with (no dealer or search
 * chosen), so a tab's count and its list never disagree. Offers past their window are expired
 * first, as the Offers list does before it counts.
 */
export async function adminTabCounts(db: Database): Promise<AdminTabCounts> {
  await expireOffers(db);
  const [vehicles, offers, workOrders, transports, floorPlan] = await Promise.all([
    countAdminVehicles(db),
    offerStatusCounts(db),
    workOrderCounts(db),
    transportCounts(db),
    floorPlanCounts(db),
  ]);
  return {
    vehicles,
    pendingOffers: offers.pending,
    overdueWorkOrders: workOrders.overdue,
    latePickups: transports.late,
    awaitingLender: floorPlan.requested,
  };
}
