import { useQuery } from '@tanstack/react-query';
import { guideKeys } from '@/components/vehicle/market-guide/guide-api';
import { callApi } from '@/lib/api/api-client';
import { batchById } from '@/lib/api/batch-by-id';

/** One card's guide, asked with the others of its page (null: the server gave none for it). */
const loadCardGuide = batchById(
  (ids) => callApi('vehicleGuides', { query: { ids: ids.join(',') } }),
  (summary) => summary.vehicleId,
);

/**
 * A card's market guide badge (issue #33). Each card has its own query (so a card is cached, and
 * refreshed with the cars, on its own), but the cards a page of results mounts together ask in one
 * request: GET /api/guides?ids=… with all of them. `enabled` false (no signed-in account) asks nothing.
 */
export const useCardGuide = (vehicleId: number, enabled: boolean) =>
  useQuery({
    queryKey: guideKeys.summary(vehicleId),
    queryFn: () => loadCardGuide(vehicleId),
    enabled,
  });
