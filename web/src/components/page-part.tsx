import { type ReactNode, Suspense } from 'react';

/**
 * A part of a server-rendered page that React hydrates on its own (selective hydration, ADR 0049):
 * a `<Suspense>` boundary around server markup makes it a separate, interruptible unit — the page
 * around it attaches and commits first, the part after it, each in its own commit, and a tap on a
 * control inside hydrates that part at once. Nothing inside suspends on a rendered page, so the
 * markup is the same as without it (React marks the boundary with two comments).
 */
export function HydratesApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
