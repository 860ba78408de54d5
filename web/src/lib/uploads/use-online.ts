import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/**
 * Whether the browser says it has a network (navigator.onLine and its online/offline events). It
 * can be wrong the optimistic way (a network without internet): requests still fail and are
 * retried; it is never wrong the other way, so "offline" is a safe reason not to send. The server's
 * render says online, so the first paint matches it.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** The same outside React (an upload queue deciding whether to start). */
export const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;
