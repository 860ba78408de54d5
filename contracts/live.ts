import { z } from './zod';

/**
 * Live updates (GET /api/events, docs/design.md §6): a Server-Sent Events stream. Each change to one of
 * these tables is an event `change` with `data: {"topic": …}` and the `live_events` row id as its
 * `id`; `ready` opens a fresh stream (its id is where a resume starts from); `reset` says the
 * stream cannot resume from the id given (too old, unknown, or events were missed), so the client
 * must refetch everything it shows. The topics are the tables the database triggers watch.
 */
export const LIVE_TOPICS = [
  'vehicles',
  'offers',
  'transactions',
  'buy_codes',
  'dealers',
  'notifications',
  'work_orders',
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export const LIVE_EVENT_TYPES = ['ready', 'change', 'reset'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** What `data` carries on a `change` event. */
export interface LiveChange {
  topic: LiveTopic;
}

/** The longest `since` a stream takes (the snapshot's list of transactions in progress is bounded by it). */
export const LIVE_SINCE_MAX_LENGTH = 4000;

export const liveEventsQuerySchema = z.object({
  /**
   * The last event id seen, for clients that cannot send the Last-Event-ID header (which wins
   * when both are given). Anything but an id this server still keeps gets `reset`, never a 400.
   */
  lastEventId: z.string().max(100).optional(),
  /**
   * Where a page's first stream starts (the `live-since` meta of its HTML, ADR 0008): the events
   * since then are replayed, those the page's reads may have missed. Without a Last-Event-ID only;
   * one the server cannot use gets `reset`, never a 400.
   */
  since: z.string().max(LIVE_SINCE_MAX_LENGTH).optional(),
});

/** Documented for OpenAPI; the stream is written as it happens, never serialised. */
export const liveStreamResponseSchema = z
  .string()
  .describe('text/event-stream: `id`, `event: ready | change | reset`, `data: {"topic": …}`, heartbeats');
