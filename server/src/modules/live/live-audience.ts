import type { SessionRole } from '@contracts/auth';
import type { Viewer } from '../../lib/sessions';

/**
 * Whose changes a live stream carries (docs/design.md §6, "only what the session may see"): an admin
 * every topic; the lot staff the vehicles and the work orders they work (issue #31); a dealer its own rows (offers, transactions, buy codes,
 * its dealer record) and the vehicles everyone sees.
 */
export type LiveAudience =
  | { role: 'admin'; subjectId: number }
  | { role: 'staff' }
  | { role: 'dealer'; dealerId: number };

/** What a live_events row (or its NOTIFY payload) says about a change. */
export interface LiveEvent {
  id: number;
  topic: string;
  /** The dealer the changed row belongs to; null for statement-level topics (vehicles, notifications). */
  dealerId: number | null;
}

/** The session a stream serves when a request presents several: an admin first, as actorOf does. */
export function audienceOf(viewer: Viewer): LiveAudience | null {
  if (viewer.admin) return { role: 'admin', subjectId: viewer.admin.id };
  if (viewer.dealer) return { role: 'dealer', dealerId: viewer.dealer.id };
  if (viewer.staff) return { role: 'staff' };
  return null;
}

export const roleOf = (audience: LiveAudience): SessionRole => audience.role;

export function sameAudience(a: LiveAudience | null, b: LiveAudience): boolean {
  if (!a || a.role !== b.role) return false;
  if (a.role === 'admin' && b.role === 'admin') return a.subjectId === b.subjectId;
  if (a.role === 'dealer' && b.role === 'dealer') return a.dealerId === b.dealerId;
  return true;
}

/** The same rule as visibleTo() in find-live-events.ts, for events that arrive by NOTIFY. */
export function maySee(audience: LiveAudience, event: LiveEvent): boolean {
  switch (audience.role) {
    case 'admin':
      return true;
    case 'staff':
      return event.topic === 'vehicles' || event.topic === 'work_orders';
    case 'dealer':
      return event.topic === 'vehicles' || event.dealerId === audience.dealerId;
  }
}

/** The NOTIFY payload the trigger sends: {"id":N,"topic":"offers","dealerId":7}; null if malformed. */
export function parseLiveEvent(payload: string): LiveEvent | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    const { id, topic, dealerId } = value;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || typeof topic !== 'string') return null;
    if (dealerId !== null && dealerId !== undefined && typeof dealerId !== 'number') return null;
    return { id, topic, dealerId: dealerId ?? null };
  } catch {
    return null;
  }
}
