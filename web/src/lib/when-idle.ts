/**
 * Work that can wait for the page: run once the page has loaded and the browser is idle (or after
 * `timeout` ms at the latest), so it never competes with the first paint, the page's first requests
 * or the hydration of a server-rendered page. Returns a cancel function.
 */
export function afterLoadAndIdle(run: () => void, timeout = 2000): () => void {
  let cancelled = false;
  let idle: number | ReturnType<typeof setTimeout> | undefined;
  const whenIdle = () => {
    if (cancelled) return;
    idle =
      'requestIdleCallback' in window
        ? window.requestIdleCallback(() => !cancelled && run(), { timeout })
        : setTimeout(() => !cancelled && run(), 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
    if (idle !== undefined && 'cancelIdleCallback' in window && typeof idle === 'number')
      window.cancelIdleCallback(idle);
  };
}

/** The same as a promise. */
export const loadedAndIdle = (timeout?: number) =>
  new Promise<void>((resolve) => {
    afterLoadAndIdle(resolve, timeout);
  });
