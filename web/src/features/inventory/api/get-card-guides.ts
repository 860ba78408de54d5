import type { GuideSummary } from '@contracts/guide';
import { useQuery } from '@tanstack/react-query';
import { guideKeys } from '@/components/vehicle/market-guide/guide-api';
import { callApi } from '@/lib/api/api-client';

/** What GET /api/guides takes in one request (guidesQuerySchema refuses more). */
const MAX_IDS_PER_REQUEST = 100;

interface Waiter {
  resolve: (summary: GuideSummary | null) => void;
  reject: (error: unknown) => void;
}

let waiting = new Map<number, Waiter[]>();
let isFlushScheduled = false;

/** Asks for every card that wanted its guide in this turn of the event loop, up to 100 at a time. */
function flush() {
  const batch = waiting;
  waiting = new Map();
  isFlushScheduled = false;
  const ids = [...batch.keys()];
  for (let start = 0; start < ids.length; start += MAX_IDS_PER_REQUEST) {
    const chunk = ids.slice(start, start + MAX_IDS_PER_REQUEST);
    callApi('vehicleGuides', { query: { ids: chunk.join(',') } }).then(
      (summaries) => {
        const byId = new Map(summaries.map((summary) => [summary.vehicleId, summary]));
        for (const id of chunk)
          for (const waiter of batch.get(id) ?? []) waiter.resolve(byId.get(id) ?? null);
      },
      (error: unknown) => {
        for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.reject(error);
      },
    );
  }
}

/** One card's guide, asked with the others of its page (null: the server gave none for it). */
function loadCardGuide(vehicleId: number): Promise<GuideSummary | null> {
  return new Promise((resolve, reject) => {
    const waiters = waiting.get(vehicleId) ?? [];
    waiters.push({ resolve, reject });
    waiting.set(vehicleId, waiters);
    if (!isFlushScheduled) {
      isFlushScheduled = true;
      setTimeout(flush, 0);
    }
  });
}

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
