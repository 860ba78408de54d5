import { type ComponentProps, useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import { useLocationHash } from '@/lib/use-location-hash';

/**
 * Whether the address names one of `anchors` (`…#offer-45`), and the element to bring forward when it
 * does: scrolled to and focused once, when it appears or the address comes to name it (a link from
 * an e-mail, from "Needs you"). Not again on later renders, so live updates leave the reader be.
 */
export function useHashTarget<E extends HTMLElement>(...anchors: string[]) {
  const hash = useLocationHash();
  const targeted = hash !== '' && anchors.includes(hash);
  const ref = useRef<E>(null);
  useEffect(() => {
    if (!targeted) return;
    ref.current?.scrollIntoView({ block: 'start' });
    ref.current?.focus({ preventScroll: true });
  }, [targeted]);
  return { ref, targeted };
}

/** How an item the address names stands out (beside its focus): a ring in the brand's colour. */
export const TARGETED_CLASSES = 'ring-2 ring-brand-600 ring-offset-2';

/**
 * A list item a link can name: its `anchor` is its id, and when the address names it, it is scrolled
 * to, focused (it is focusable from script only) and ringed, `data-targeted` marking it.
 */
export function AnchoredItem({
  anchor,
  className,
  children,
  ...props
}: ComponentProps<'li'> & { anchor: string }) {
  const { ref, targeted } = useHashTarget<HTMLLIElement>(anchor);
  return (
    <li
      {...props}
      id={anchor}
      ref={ref}
      tabIndex={-1}
      data-targeted={targeted || undefined}
      className={cn('scroll-mt-20 focus:outline-none', className, targeted && TARGETED_CLASSES)}
    >
      {children}
    </li>
  );
}
