/**
 * Work that must not hold back the next paint: run in a task of its own just after the browser has
 * painted the next frame (a frame's callback, then a task). Returns a cancel function. Apart from
 * when-idle.ts, which every page's first chunk holds.
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
