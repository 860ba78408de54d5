import { type RefObject, startTransition, useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether an element is on the screen or within `screens` screen heights of it, and stays so once it
 * was: a long list's item draws its heavy parts and asks its own data (previews, guides) only when
 * the reader comes near it, not every item at first paint (issue #47: the completion queue's cards).
 * Watched by an IntersectionObserver from its mount, whose first report comes after the browser's
 * own layout; an item near the screen is then drawn in full in a render of its own that React
 * slices (a transition). Measured in the mount's layout effect instead, the list's first layout and
 * the near items' heavy parts ran in the same unbroken task as the whole list (on a slow phone the
 * queue's first card alone took ~0.2 s); now the light item, as tall, may show for a frame.
 * `reach()` marks it near at once (a focus inside it). Without IntersectionObserver every item is
 * near. Two distances may watch one element (`shared`, the element's ref): e.g. its code loaded
 * half a screen ahead, and drawn once on the screen.
 */
export function useNearScreen<T extends Element>(screens = 1, shared?: RefObject<T | null>) {
  const own = useRef<T>(null);
  const ref = shared ?? own;
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: `${screens * 100}% 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, screens, ref]);
  const reach = useCallback(() => setNear(true), []);
  return { ref, near, reach };
}
