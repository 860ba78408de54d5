import { useSyncExternalStore } from 'react';

/**
 * Whether the reader has moved since the page opened: scrolled, touched, clicked or pressed a key.
 * Code for what lies below the first screen (a queue card's form, half a screen down on a phone)
 * is asked once the reader moves toward it, not in the page's first seconds while nobody has: on a
 * slow phone its chunks' evaluation were the long tasks left on /admin after its first paint
 * (issue #47). What is on the screen loads as it is drawn, whether or not the reader moved.
 */
let moved = false;
const listeners = new Set<() => void>();
const EVENTS = ['scroll', 'wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

function onMove() {
  moved = true;
  for (const event of EVENTS) window.removeEventListener(event, onMove, true);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (!moved && listeners.size === 0)
    for (const event of EVENTS) window.addEventListener(event, onMove, { capture: true, passive: true });
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (!moved && listeners.size === 0)
      for (const event of EVENTS) window.removeEventListener(event, onMove, true);
  };
}

export const useReaderMoved = () =>
  useSyncExternalStore(
    subscribe,
    () => moved,
    () => false,
  );
