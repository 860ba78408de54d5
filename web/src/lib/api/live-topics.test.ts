import { LIVE_TOPICS } from '@contracts/live';
import { describe, expect, it } from 'vitest';
import { keysFor, LIVE_TOPIC_KEYS, topicOf } from './live-topics';
import { queryKeys } from './query-keys';

describe('live topics → query keys', () => {
  it('knows every topic the server sends', () => {
    expect(Object.keys(LIVE_TOPIC_KEYS).sort()).toEqual([...LIVE_TOPICS].sort());
  });

  it("reads a change's topic and ignores anything else", () => {
    expect(topicOf('{"topic":"offers"}')).toBe('offers');
    expect(topicOf('{"topic":"sessions"}')).toBeNull();
    expect(topicOf('{"topic":"__proto__"}')).toBeNull();
    expect(topicOf('not json')).toBeNull();
    expect(topicOf('null')).toBeNull();
  });

  it("refreshes the admin's and the dealer's views of what changed, once each", () => {
    const offers = keysFor(['offers', 'offers']);
    expect(offers).toContainEqual(queryKeys.admin.offers());
    expect(offers).toContainEqual(queryKeys.dealerPortal.offers());
    expect(offers).not.toContainEqual(queryKeys.admin.vehicles());
    const sale = keysFor(['transactions', 'vehicles', 'offers']);
    expect(sale).toContainEqual(queryKeys.admin.transactions());
    expect(sale).toContainEqual(queryKeys.dealerPortal.transactions());
    expect(sale).toContainEqual(queryKeys.admin.vehicles());
    expect(sale).toContainEqual(queryKeys.vehicles.all);
    expect(new Set(sale.map((k) => JSON.stringify(k))).size).toBe(sale.length);
    expect(keysFor(['notifications'])).toEqual([queryKeys.admin.allNotifications()]);
    // The admin's tab counts (one read, issue #47) follow every topic they count.
    for (const topic of ['vehicles', 'offers', 'transactions', 'work_orders'] as const)
      expect(keysFor([topic]), topic).toContainEqual(queryKeys.admin.tabCounts());
  });

  it('refreshes everything a live page shows on reset', () => {
    const all = keysFor(['all']);
    for (const key of Object.values(LIVE_TOPIC_KEYS).flat()) expect(all).toContainEqual(key);
  });
});
