import { useEffect, useRef, useState } from 'react';

/**
 * Which items of a horizontal scroller are in its view or within `margin` of it (and stay so once
 * they were), by their `data-near-index`. Chromium fetches every loading="lazy" image of a strip
 * inside an overflow scroller at once — all 40 thumbnails of a full report — so the gallery renders
 * the pictures of the items the strip has come near, and placeholders for the rest.
 */
export function useNearInScroller<T extends HTMLElement>(count: number, margin = '0px 50%') {
  const root = useRef<T>(null);
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set());

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new observer when the items change (their count)
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const items = [...el.querySelectorAll<HTMLElement>('[data-near-index]')];
    if (typeof IntersectionObserver === 'undefined') {
      setNear(new Set(items.map((item) => Number(item.dataset.nearIndex))));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const reached = entries
          .filter((e) => e.isIntersecting)
          .map((e) => Number((e.target as HTMLElement).dataset.nearIndex));
        if (reached.length === 0) return;
        setNear((previous) => {
          if (reached.every((i) => previous.has(i))) return previous;
          return new Set([...previous, ...reached]);
        });
      },
      { root: el, rootMargin: margin },
    );
    for (const item of items) observer.observe(item);
    return () => observer.disconnect();
  }, [count, margin]);

  return { root, near };
}
