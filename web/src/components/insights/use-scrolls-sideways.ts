import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether a box's content is wider than the box (it scrolls sideways): such a box takes the
 * keyboard's focus, so it can be scrolled without a mouse (WCAG 2.1.1); one that fits does not.
 */
export function useScrollsSideways(ref: RefObject<HTMLElement | null>) {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
