import { type ReactNode, Suspense } from 'react';
import { cn } from '@/lib/cn';

/**
 * A part of a server-rendered page that React hydrates on its own (selective hydration, ADR 0046):
 * a `<Suspense>` boundary around server markup makes it a separate, interruptible unit — the page
 * around it attaches and commits first, the part after it, each in its own commit, and a tap on a
 * control inside hydrates that part at once. Nothing inside suspends on a rendered page, so the
 * markup is the same as without it (React marks the boundary with two comments).
 */
export function HydratesApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * A part of a page below its first screen: hydrated apart, and laid out and painted by the browser
 * only when it nears the screen (`content-visibility: auto`; the placeholder height is about a
 * part's, then its last real size), so the first frame's style and layout are those of the first
 * screen (docs/benchmarks.md, the light pages). A part that renders nothing (the market guide for a
 * visitor) takes no room: the element holds only the boundary's comments, so it is `:empty`.
 */
export function BelowTheFold({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn('[contain-intrinsic-size:auto_32rem] [content-visibility:auto] empty:hidden', className)}
    >
      <HydratesApart>{children}</HydratesApart>
    </div>
  );
}
