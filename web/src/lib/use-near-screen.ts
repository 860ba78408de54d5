import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * Whether an element is on the screen or within `screens` screen heights of it, and stays so once it
 * was: a long list's item draws its heavy parts and asks its own data (previews, guides) only when
 * the reader comes near it, not every item at first paint (issue #47: the completion queue's cards).
 * Measured once as it mounts, then watched by an IntersectionObserver. An item near the screen at
 * mount is drawn in full in a render of its own that React slices (a transition): set in the
 * mount's layout effect, the near items' heavy parts were drawn in the same unbroken task as the
 * whole list (on a slow phone the queue's first card alone took ~0.2 s); the light item, as tall,
 * may show for a frame. `reach()` marks it near by hand (a focus inside it). Without
 * IntersectionObserver every item is near.
 */
export function useNearScreen<T extends Element>(screens = 1) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return setNear(true);
    const { top, bottom } = el.getBoundingClientRect();
    const height = window.innerHeight;
    if (top < height * (1 + screens) && bottom > -height * screens) startTransition(() => setNear(true));
  }, [screens]);
  useEffect(() => {
    const el = ref.current;
    if (near || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${screens * 100}% 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, screens]);
  const reach = useCallback(() => setNear(true), []);
  return { ref, near, reach };
}
