import type { LiveTopic } from '@contracts/live';
import type { QueryKey } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * Which cached reads a change of each live topic (GET /api/events, contracts/live.ts) can make
 * stale, on any page: a key the page has not read is simply not there to refetch. The audit log
 * follows every admin-visible change, since most of them write audit rows.
 */
export const LIVE_TOPIC_KEYS: Record<LiveTopic, readonly QueryKey[]> = {
  // A sale, an edit or a new car changes the lists, the counts and the cars shown on offers and sales.
  // The admin's tab counts (queued cars, pending offers, overdue work orders, late pickups, requests
  // awaiting the lender) follow each topic they count.
  vehicles: [
    queryKeys.vehicles.all,
    queryKeys.admin.vehicles(),
    queryKeys.admin.tabCounts(),
    queryKeys.admin.offers(),
    queryKeys.admin.transactions(),
    queryKeys.admin.allAudit(),
    queryKeys.dealerPortal.offers(),
    queryKeys.dealerPortal.transactions(),
  ],
  offers: [
    queryKeys.admin.offers(),
    queryKeys.admin.tabCounts(),
    queryKeys.admin.allAudit(),
    queryKeys.dealerPortal.offers(),
  ],
  transactions: [
    queryKeys.admin.transactions(),
    queryKeys.admin.tabCounts(),
    queryKeys.admin.allAudit(),
    queryKeys.dealerPortal.transactions(),
  ],
  buy_codes: [queryKeys.admin.allBuyCodes(), queryKeys.admin.allAudit(), queryKeys.dealerPortal.buyCodes()],
  // Names and the active flag show on codes, offers and sales; a deactivated dealer is signed out.
  dealers: [
    queryKeys.admin.dealers(),
    queryKeys.admin.allBuyCodes(),
    queryKeys.admin.offers(),
    queryKeys.admin.transactions(),
    queryKeys.admin.allAudit(),
    queryKeys.auth.dealerMe(),
  ],
  notifications: [queryKeys.admin.allNotifications()],
  // Reconditioning: the dealer follows its work orders, staff and admins their board (docs/design.md §14).
  work_orders: [
    queryKeys.dealerPortal.workOrders(),
    queryKeys.dealerPortal.transactions(),
    queryKeys.admin.workOrders(),
    queryKeys.admin.transactions(),
    queryKeys.admin.tabCounts(),
  ],
};

const isLiveTopic = (topic: unknown): topic is LiveTopic =>
  typeof topic === 'string' && Object.hasOwn(LIVE_TOPIC_KEYS, topic);

/** The topic a `change` event's data names, or null for anything else. */
export function topicOf(data: string): LiveTopic | null {
  try {
    const topic = (JSON.parse(data) as { topic?: unknown } | null)?.topic;
    return isLiveTopic(topic) ? topic : null;
  } catch {
    return null;
  }
}

/** The distinct keys to invalidate for these topics (`'all'`: everything a live page shows). */
export function keysFor(topics: Iterable<LiveTopic | 'all'>): QueryKey[] {
  const wanted = new Set(topics);
  const chosen = wanted.has('all')
    ? Object.values(LIVE_TOPIC_KEYS)
    : [...wanted].map((t) => LIVE_TOPIC_KEYS[t as LiveTopic]);
  const keys = new Map<string, QueryKey>();
  for (const key of chosen.flat()) keys.set(JSON.stringify(key), key);
  return [...keys.values()];
}
