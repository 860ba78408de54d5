import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { queryKeys } from '@/lib/api/query-keys';
import { useStaffMe } from '@/lib/auth/staff-session';
import { type CaptureStore, captureStore } from '@/lib/uploads/capture-store';
import { probeSignal } from '@/lib/uploads/signal-probe';
import {
  actionKey,
  failureOf,
  nextSyncActions,
  retryDelayMs,
  SYNC_PARALLEL,
  type SyncAction,
  syncTotals,
} from '@/lib/uploads/sync-queue';
import { isOnline, useOnline } from '@/lib/uploads/use-online';
import { performSync, readSyncStates, type SyncError, type SyncProgress } from './sync-actions';

export interface SyncView {
  /** Cars finished and waiting on the phone, and their photos. */
  cars: number;
  photos: number;
  /** Files sent of those waiting (their results recorded). */
  filesDone: number;
  files: number;
  /** A request is on its way now. */
  sending: boolean;
  /** How much of the files on their way is sent, in files (two halves sent: 1). */
  partSent: number;
  /** The session ended: nothing is sent until the staff member signs in again. */
  signedOut: boolean;
  /**
   * The browser says online but the probe reached nothing (lib/uploads/signal-probe.ts): shown as
   * the same "No signal" as offline, and tried again with the backoff.
   */
  noSignal: boolean;
  /** When the next attempt is (after a failure), epoch ms. */
  retryAt: number | null;
  /** Cars the server refused (a retry cannot help), with its message. */
  refused: { id: string; message: string }[];
}

const EMPTY: SyncView = {
  cars: 0,
  photos: 0,
  filesDone: 0,
  files: 0,
  sending: false,
  partSent: 0,
  signedOut: false,
  noSignal: false,
  retryAt: null,
  refused: [],
};

/**
 * Sends the cars waiting on the phone (issue #34), up to SYNC_PARALLEL requests at once (issue #47),
 * as the sync queue (lib/uploads/sync-queue.ts) decides: on app start, when the browser says it is back online, when
 * a car is finished, and after a failure with a growing delay. A 401 stops it (the page asks for the
 * password; nothing is lost) until the staff member signs in again. Each outcome is written to the
 * capture store as it comes (each file's own record), so a killed app resumes where it stopped.
 */
export function useSyncRunner(): SyncView {
  const online = useOnline();
  const staff = useStaffMe();
  const signedIn = Boolean(staff.data);
  const queryClient = useQueryClient();
  const [view, setView] = useState<SyncView>(EMPTY);
  const [store, setStore] = useState<CaptureStore | null>(null);
  const control = useRef({
    running: false,
    again: false,
    failures: 0,
    timer: 0,
    retryAt: 0,
    signedOut: false,
  });
  const runNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    let cancelled = false;
    void captureStore().then((opened) => {
      if (!cancelled) setStore(opened);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (!store) return;
    const state = control.current;
    let stopped = false;

    const publish = async (patch: Partial<SyncView> = {}) => {
      const { records, files, states } = await readSyncStates(store);
      const totals = syncTotals(states);
      const waiting = new Set(records.filter((r) => r.status === 'waiting').map((r) => r.id));
      if (stopped) return;
      setView((v) => ({
        ...v,
        cars: totals.vehicles,
        photos: files.filter((f) => f.role === 'photo' && waiting.has(f.vehicle)).length,
        files: totals.files,
        filesDone: totals.filesDone,
        signedOut: state.signedOut,
        refused: records
          .filter((r) => r.status === 'waiting' && r.blocked !== null)
          .map((r) => ({ id: r.id, message: r.blocked as string })),
        ...patch,
      }));
      return states;
    };

    /** One backoff for the requests that failed together (their failures do not add up). */
    const backOff = () => {
      if (Date.now() < state.retryAt) return;
      state.failures += 1;
      const delay = retryDelayMs(state.failures);
      window.clearTimeout(state.timer);
      state.retryAt = Date.now() + delay;
      state.timer = window.setTimeout(() => void run(), delay);
    };

    /**
     * One request of the queue; answers whether the sending goes on (false: a failure that stops
     * it — no signal, a server error with its backoff, or the session ended).
     */
    const perform = async (action: SyncAction, progress: Map<string, SyncProgress>) => {
      const key = actionKey(action);
      let finished = false;
      try {
        await performSync(store, action, queryClient, (p) => {
          if (finished) return;
          progress.set(key, p);
          if (!stopped) setView((v) => ({ ...v, partSent: partSent(progress) }));
        });
        state.failures = 0;
        return true;
      } catch (error) {
        const failure = failureOf((error as SyncError).status);
        if (failure === 'refused') {
          await store.updateVehicle(action.vehicle, { blocked: (error as Error).message });
          return true;
        }
        if (failure === 'signed-out') {
          state.signedOut = true;
          void queryClient.invalidateQueries({ queryKey: queryKeys.auth.staffMe() });
          return false;
        }
        backOff();
        return false;
      } finally {
        finished = true;
        progress.delete(key);
        if (!stopped) setView((v) => ({ ...v, partSent: partSent(progress) }));
      }
    };

    /**
     * Up to SYNC_PARALLEL requests on their way (the queue picks which may go together); each
     * outcome is written as it comes. A failure that stops the sending lets the others finish
     * (their outcomes are kept) and starts nothing new.
     */
    const sendAll = async () => {
      const onTheirWay = new Map<string, Promise<void>>();
      const progress = new Map<string, SyncProgress>();
      let halted = false;
      let probed = false;
      for (;;) {
        state.again = false;
        const states = await publish();
        if (!states) return;
        if (!stopped && !halted) {
          const actions = nextSyncActions(
            states,
            { online: isOnline(), signedOut: state.signedOut },
            { inFlight: new Set(onTheirWay.keys()), limit: SYNC_PARALLEL - onTheirWay.size },
          );
          // The browser may say online on a network that goes nowhere: before the first request of
          // a pass, one cheap GET says whether our server is reached ("No signal" and the backoff if not).
          if (actions.length > 0 && onTheirWay.size === 0 && !probed) {
            probed = true;
            const reached = await probeSignal();
            if (!stopped) setView((v) => ({ ...v, noSignal: !reached }));
            if (!reached) {
              // The pass's first request: no other failure shares its backoff (a timer that fires a
              // hair early must not read as one).
              state.retryAt = 0;
              backOff();
              halted = true;
              continue;
            }
          }
          for (const action of actions) {
            const key = actionKey(action);
            onTheirWay.set(
              key,
              perform(action, progress).then((goOn) => {
                if (!goOn) halted = true;
                onTheirWay.delete(key);
              }),
            );
          }
          if (actions.length > 0) setView((v) => ({ ...v, sending: true, retryAt: null }));
        }
        if (onTheirWay.size === 0) {
          // Something changed while this pass read the queue (a car finished): look once more.
          if (state.again && !halted && !stopped) continue;
          break;
        }
        await Promise.race(onTheirWay.values());
      }
      setView((v) => ({ ...v, sending: false, partSent: 0 }));
      if (halted) await publish(state.retryAt > Date.now() ? { retryAt: state.retryAt } : {});
    };

    const run = async () => {
      if (state.running) {
        state.again = true;
        return;
      }
      state.running = true;
      try {
        // One sender per phone: another tab of the app holding the lock is sending; look again later.
        const locks = navigator.locks;
        if (!locks) await sendAll();
        else
          await locks.request('capture-sync', { ifAvailable: true }, async (lock) => {
            if (lock) return sendAll();
            window.clearTimeout(state.timer);
            state.timer = window.setTimeout(() => void run(), 5000);
          });
      } finally {
        state.running = false;
        if (!stopped) setView((v) => ({ ...v, sending: false, partSent: 0 }));
      }
    };

    // A car finished (or anything changed) on this page: look again, once the current request is
    // done; while waiting after a failure, only the timer (or the signal returning) tries again.
    const unsubscribe = store.subscribe(() => {
      if (Date.now() < state.retryAt) return;
      if (!state.running) void run();
      else state.again = true;
    });
    runNow.current = () => {
      state.failures = 0;
      state.retryAt = 0;
      window.clearTimeout(state.timer);
      void run();
    };
    void run();
    return () => {
      stopped = true;
      unsubscribe();
      window.clearTimeout(state.timer);
    };
  }, [store, queryClient]);

  // Back online, or signed in again: try now (and forget the backoff).
  useEffect(() => {
    const state = control.current;
    if (signedIn) state.signedOut = false;
    if (online && signedIn && store) runNow.current();
  }, [online, signedIn, store]);

  return view;
}

/** How much of the files on their way is sent, in files. */
function partSent(progress: ReadonlyMap<string, SyncProgress>): number {
  let files = 0;
  for (const { sent, total } of progress.values()) if (total > 0) files += sent / total;
  return files;
}
