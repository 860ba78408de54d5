import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * A dashboard section: an anchored card with its heading (an icon, when it has one, and the title)
 * and a line saying what it is for. `busy` marks it aria-busy while its data loads. One shell for every section of the
 * dealer's dashboard and the staff's lists, so they read and behave alike.
 */
export function DashboardSection({
  id,
  icon: Icon,
  title,
  intro,
  busy,
  headingRef,
  actions,
  children,
}: {
  id: string;
  icon?: LucideIcon;
  title: ReactNode;
  intro?: ReactNode;
  busy?: boolean;
  /** The heading takes focus from a link that leads here (the watchlist after a change). */
  headingRef?: Ref<HTMLHeadingElement>;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      aria-busy={busy}
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2
          id={`${id}-title`}
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className="flex items-center gap-2 text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {Icon ? <Icon aria-hidden="true" className="h-5 w-5 text-brand-700" /> : null}
          {title}
        </h2>
        {actions}
      </div>
      {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
      {children}
    </section>
  );
}

/**
 * What a read shows until it has something to show, the same everywhere: a placeholder with a
 * label for screen readers while it loads, the server's message with "Try again" when it failed,
 * the section's own empty text when there is nothing; then `children` with the data.
 */
export function QueryStates<T>({
  query,
  loading,
  failed,
  retry = 'Try again',
  empty,
  isEmpty = (data) => data === null || data === undefined || (Array.isArray(data) && data.length === 0),
  placeholderClassName = 'h-20',
  spacing = 'mt-4',
  children,
}: {
  query: Pick<UseQueryResult<T, Error>, 'isPending' | 'isError' | 'error' | 'data' | 'refetch'>;
  /** Read out while loading: "Loading watchlist…". */
  loading: string;
  /** Before the server's message: "Could not load your watchlist:". */
  failed: string;
  retry?: string;
  /** Shown when there is nothing (a text, or a title and a line). */
  empty: ReactNode;
  /** Default: no data, or an empty list. */
  isEmpty?: (data: T) => boolean;
  placeholderClassName?: string;
  /** Space above each state ('' inside a grid that spaces its children). */
  spacing?: string;
  children: (data: NonNullable<T>) => ReactNode;
}) {
  if (query.isPending)
    return (
      <div className={cn(spacing, 'animate-pulse rounded-xl bg-slate-100', placeholderClassName)}>
        <span className="sr-only">{loading}</span>
      </div>
    );
  if (query.isError)
    return (
      <div
        role="alert"
        className={cn(spacing, 'rounded-lg bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200')}
      >
        <p>
          {failed} {query.error?.message}
        </p>
        <Button size="sm" variant="outline" className="mt-2" onClick={() => void query.refetch()}>
          {retry}
        </Button>
      </div>
    );
  const data = query.data as T;
  if (isEmpty(data))
    return (
      <div className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200">
        {empty}
      </div>
    );
  return <>{children(data as NonNullable<T>)}</>;
}
