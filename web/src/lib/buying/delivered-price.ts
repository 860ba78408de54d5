import type { DealerInfo } from '@contracts/auth';
import { BUYING_ROLES } from '@contracts/team-roles';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { batchById } from '@/lib/api/batch-by-id';
import { queryKeys } from '@/lib/api/query-keys';
import { useSignedInDealer } from '@/lib/auth/dealer-session';
import { useAfterHydration } from '@/lib/use-after-hydration';

/** One car's delivered price, asked with the other cards of its page (null: not on sale to this dealer). */
const loadDeliveredPrice = batchById(
  (ids) => callApi('deliveredPrices', { query: { ids: ids.join(',') } }),
  (price) => price.vehicleId,
);

/**
 * Who is looking, for what the card and the vehicle page show around buying (issue #46): nobody
 * (signed out, and every first render: the server renders pages signed out, ADR 0016), a dealer
 * who may buy, or a team viewer who may not.
 */
export function useBuyingViewer() {
  // After hydration only: a session already read by the header (a lazy page hydrates later) must
  // not make this component's first render differ from the server's HTML.
  const dealer = useAfterHydration(useSignedInDealer());
  const role = dealer?.member?.role ?? null;
  return {
    dealer,
    mayBuy: dealer !== null && (role === null || BUYING_ROLES.includes(role)),
    isViewer: dealer !== null && role !== null && !BUYING_ROLES.includes(role),
  };
}

/**
 * GET /api/dealer/delivered-prices for one car (issue #46): its price, the package Buy Now starts
 * with and delivery to the dealership's ZIP, added by the one deal total. Asked only for a
 * signed-in `dealer` (a card's is known after the page painted); the cards of a page ask in one
 * request.
 */
export const useDeliveredPrice = (vehicleId: number, dealer: DealerInfo | null | undefined) =>
  useQuery({
    queryKey: queryKeys.dealerPortal.deliveredPrice(dealer?.id ?? 0, vehicleId),
    queryFn: () => loadDeliveredPrice(vehicleId),
    enabled: Boolean(dealer),
    // The pickup and delivery windows move with the calendar; the price with the car's.
    staleTime: 5 * 60_000,
  });

/** GET /api/dealer/buyer-limits: the signed-in member's limits and what they committed today. */
export function useBuyerLimits(dealer: DealerInfo | null | undefined) {
  const member = dealer?.member ?? null;
  return useQuery({
    queryKey: queryKeys.dealerPortal.buyerLimits(member?.id ?? null),
    queryFn: () => callApi('buyerLimits'),
    // Only a member who may buy has limits; a name + code session has none to show.
    enabled: member !== null && BUYING_ROLES.includes(member.role),
  });
}
