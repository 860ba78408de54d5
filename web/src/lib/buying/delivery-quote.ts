import type { TransportQuoteBody } from '@contracts/delivery';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, readApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * POST /api/transport/quote (a signed-in dealer): what certified delivery of a car on sale, or of
 * the dealer's own sale, costs to a ZIP (docs/design.md §15). `body` null: nothing to quote yet. The
 * last figures stay shown while the next ZIP is quoted, so the dialog does not jump.
 */
export const useTransportQuote = (body: TransportQuoteBody | null) =>
  useQuery({
    queryKey: queryKeys.buying.transportQuote(body),
    queryFn: () => callApi('transportQuote', { body: body! }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    // The pickup and delivery windows move with the calendar.
    staleTime: 5 * 60_000,
  });

/** GET /api/dealer/floor-plan-lines: the dealership's lines (Buy Now's "Pay with", the dashboard). */
export const useFloorPlanLines = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.dealerPortal.floorPlanLines(),
    queryFn: async () => (await readApi('dealerFloorPlanLines')) ?? [],
    enabled,
  });
