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

/**
 * Work that must not hold back the next paint: run in a task of its own just after the browser has
 * painted the next frame (a frame's callback, then a task). Returns a cancel function.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
