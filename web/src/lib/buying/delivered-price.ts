import { BUYING_ROLES } from '@contracts/teams';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { batchById } from '@/lib/api/batch-by-id';
import { queryKeys } from '@/lib/api/query-keys';
import { useSignedInDealer } from '@/lib/auth/dealer-session';

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
  const dealer = useSignedInDealer();
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
 * signed-in dealer, after the page painted; the cards of a page ask in one request.
 */
export function useDeliveredPrice(vehicleId: number) {
  const { dealer } = useBuyingViewer();
  return useQuery({
    queryKey: queryKeys.dealerPortal.deliveredPrice(dealer?.id ?? 0, vehicleId),
    queryFn: () => loadDeliveredPrice(vehicleId),
    enabled: dealer !== null,
    // The pickup and delivery windows move with the calendar; the price with the car's.
    staleTime: 5 * 60_000,
  });
}

/** GET /api/dealer/buyer-limits: the signed-in member's limits and what they committed today. */
export function useBuyerLimits() {
  const { dealer, mayBuy } = useBuyingViewer();
  const member = dealer?.member ?? null;
  return useQuery({
    queryKey: queryKeys.dealerPortal.buyerLimits(member?.id ?? null),
    queryFn: () => callApi('buyerLimits'),
    // Only a member has limits; a name + code session has none to show.
    enabled: member !== null && mayBuy,
  });
}
