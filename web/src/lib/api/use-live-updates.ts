import { LIVE_SINCE_META_NAME } from '@contracts/brand';
import type { LiveTopic } from '@contracts/live';
import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterLoadAndIdle } from '@/lib/when-idle';
import { API_ROUTES } from './api-routes';
import { keysFor, topicOf } from './live-topics';

/** Changes that arrive together (a sale touches a car, an offer, a sale, a code) refetch once. */
const BATCH_MS = 100;
/** After the server refused the stream (signed out, too many tabs, busy): first retry, and the cap. */
const RETRY_MS = 2000;
const MAX_RETRY_MS = 60_000;

/**
 * The page's live reads made fresh once its stream has first opened (ADR 0008): the page read them
 * before its stream was subscribed — a busy server answers the stream after the page's first reads —
 * and a change committed in between comes before the stream's first event, so nothing else would
 * ever bring it (a dealer's card kept "Unwind requested" after the admin had declined). Those in
 * are read again now; those still on their way once they are in (restarted, they would hold the
 * page's first data back). Returns what stops waiting for them. Asked once the page is idle.
 */
function catchUp(queryClient: QueryClient): () => void {
  const cache = queryClient.getQueryCache();
  const live = new Set(keysFor(['all']).flatMap((queryKey) => cache.findAll({ queryKey })));
  const refetch = (query: Query) =>
    void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  const waiting = new Set<Query>();
  for (const query of live) {
    if (query.state.fetchStatus === 'fetching') waiting.add(query);
    else refetch(query);
  }
  if (waiting.size === 0) return () => {};
  const stop = cache.subscribe(({ query }) => {
    if (!waiting.has(query) || query.state.fetchStatus === 'fetching') return;
    waiting.delete(query);
    refetch(query);
    if (waiting.size === 0) stop();
  });
  return stop;
}

/**
 * Where the document's first stream starts, as its HTML names it (`live-since`, ADR 0008): taken
 * once, so a page mounted later (its reads made after this) reads again as without it.
 */
function takeLiveSince(): string | null {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${LIVE_SINCE_META_NAME}"]`);
  meta?.remove();
  return meta?.content || null;
}

/**
 * Keeps the page's server data fresh by itself (docs/design.md §6): one EventSource on GET /api/events
 * while the page is mounted. Each `change` invalidates the reads its topic affects (batched);
 * `reset`, and the stream coming back after a drop, invalidate everything a live page shows, since
 * changes may have been missed. Its first opening starts where the page's HTML says (`?since=`):
 * the server replays what changed since the HTML was made, which the page's reads, all made after,
 * may have missed; without that (a page mounted later, a page the server sent none for) the page
 * reads its live data again (`catchUp`). The browser reconnects a dropped stream itself (with
 * Last-Event-ID); a refused one is retried here with backoff.
 */
export function useLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let batch: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let refused = 0;
    let dropped = false;
    let opened = false;
    let stopCatchingUp = () => {};
    // Until the first stream opens (a refused one is retried from the same point).
    let since = takeLiveSince();
    const due = new Set<LiveTopic | 'all'>();

    const flush = () => {
      batch = undefined;
      const keys = keysFor(due);
      due.clear();
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const invalidate = (topic: LiveTopic | 'all') => {
      due.add(topic);
      batch ??= setTimeout(flush, BATCH_MS);
    };

    const connect = () => {
      const from = since;
      const path = from
        ? `${API_ROUTES.liveEvents.path}?since=${encodeURIComponent(from)}`
        : API_ROUTES.liveEvents.path;
      const next = new EventSource(path, { withCredentials: true });
      source = next;
      next.addEventListener('open', () => {
        since = null;
        if (!opened && !from) {
          // Once the page is idle: its first renders, still under way, would be restarted by the
          // reads' answers (issue #47).
          let stopWaiting = () => {};
          const cancel = afterLoadAndIdle(() => {
            stopWaiting = catchUp(queryClient);
          });
          stopCatchingUp = () => {
            cancel();
            stopWaiting();
          };
        } else if (dropped) invalidate('all');
        opened = true;
        dropped = false;
        refused = 0;
      });
      next.addEventListener('change', (event) => {
        const topic = topicOf((event as MessageEvent<string>).data);
        if (topic) invalidate(topic);
      });
      next.addEventListener('reset', () => invalidate('all'));
      next.addEventListener('error', () => {
        dropped = true;
        // CONNECTING: the browser retries by itself. CLOSED: the server refused; retry later.
        if (next.readyState !== EventSource.CLOSED) return;
        next.close();
        retry = setTimeout(connect, Math.min(MAX_RETRY_MS, RETRY_MS * 2 ** refused++));
      });
    };
    connect();
    return () => {
      clearTimeout(batch);
      clearTimeout(retry);
      stopCatchingUp();
      source?.close();
    };
  }, [queryClient]);
}
