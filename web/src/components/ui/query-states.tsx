import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, type LucideIcon } from 'lucide-react';
import { isValidElement, type ReactNode, type Ref } from 'react';
import { useHashTarget } from '@/components/ui/anchored-item';
import { Loading } from '@/components/ui/placeholders';
import { type FailedRead, RetryButton } from '@/components/ui/retry-button';
import { cn } from '@/lib/cn';

/*
 * The one kit for what a read shows until it has something to show (docs/conventions.md):
 * `Loading` and `Bones` (placeholders.tsx: with no icon, so the first paint's chunk can take them),
 * `LoadFailed` (the server's message and "Try again"),
 * `Empty` (what a list says when it has nothing), `QueryStates` (the three in turn, then the data)
 * and `QuerySection` (a `DashboardSection` that reads a query).
 */

/**
 * A read that failed, announced: `failed` ("Could not load your watchlist:") and the server's
 * message, then "Try again" (`retry`) to run it again. `title` makes it a list's whole answer
 * (a heading, the message under it, centred).
 */
export function LoadFailed({
  read,
  failed,
  title,
  retry = 'Try again',
  className,
}: {
  read: FailedRead;
  failed?: string;
  title?: string;
  retry?: string;
  className?: string;
}) {
  const message = failed ? `${failed} ${read.error?.message ?? ''}` : read.error?.message;
  if (title)
    return (
      <div
        role="alert"
        className={cn(
          'flex flex-col items-center rounded-2xl border border-red-200 bg-red-50 px-6 py-12 text-center',
          className,
        )}
      >
        <CircleAlert aria-hidden="true" className="h-10 w-10 text-red-600" strokeWidth={1.5} />
        <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
        <p className="mt-1 max-w-md text-slate-700">{message}</p>
        <RetryButton read={read} className="mt-6">
          {retry}
        </RetryButton>
      </div>
    );
  return (
    <div
      role="alert"
      className={cn('rounded-lg bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200', className)}
    >
      <p>{message}</p>
      <RetryButton read={read} variant="outline" size="sm" className="mt-2">
        {retry}
      </RetryButton>
    </div>
  );
}

/**
 * What a list says when it has nothing to show. With an icon: a dashed card with a title and a
 * line; without: the text in a quiet box.
 */
export function Empty({
  icon: Icon,
  title,
  text,
  action,
  large,
  className,
  children,
}: {
  icon?: LucideIcon;
  title?: ReactNode;
  text?: ReactNode;
  /** What to do about it (a button). */
  action?: ReactNode;
  /** A page's list (a heading, more room) rather than a section's. */
  large?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  if (!Icon)
    return (
      <div
        className={cn('rounded-lg bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200', className)}
      >
        {children}
      </div>
    );
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center border border-dashed border-slate-300 text-center',
        large ? 'rounded-2xl bg-white px-6 py-16' : 'gap-2 rounded-lg px-4 py-10',
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        className={large ? 'h-10 w-10 text-slate-400' : 'h-8 w-8 text-slate-400'}
        strokeWidth={large ? 1.5 : undefined}
      />
      {large ? (
        <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
      ) : (
        <p className="font-semibold text-slate-800">{title}</p>
      )}
      {text ? (
        <p className={large ? 'mt-1 text-slate-600' : 'max-w-sm text-sm text-slate-600'}>{text}</p>
      ) : null}
      {action ? <div className={large ? 'mt-6' : undefined}>{action}</div> : null}
    </div>
  );
}

/** The read `QueryStates` follows: a TanStack Query result. */
export type StatesQuery<T> = Pick<
  UseQueryResult<T, Error>,
  'isPending' | 'isError' | 'error' | 'data' | 'refetch' | 'isFetching'
>;

export interface QueryStatesProps<T> {
  query: StatesQuery<T>;
  /** Read out while loading: "Loading watchlist…". */
  loading: string;
  /** Placeholder rows under a visible label (a list); without, one block labelled for screen readers. */
  loadingRows?: number;
  /** Before the server's message: "Could not load your watchlist:". */
  failed: string;
  retry?: string;
  /**
   * Shown when there is nothing: a text (or a title and a line) in a quiet box, or an `<Empty icon…/>`
   * as it is. Left out, the children get the data even when it is empty (they show their own).
   */
  empty?: ReactNode;
  /** Default: no data, or an empty list. */
  isEmpty?: (data: T) => boolean;
  /** Sizes the loading block: 'h-20' unless told. */
  placeholderClassName?: string;
  /** Space above each state ('' inside a grid or panel that spaces its children). */
  spacing?: string;
  children: (data: NonNullable<T>) => ReactNode;
}

const noData = (data: unknown) =>
  data === null || data === undefined || (Array.isArray(data) && data.length === 0);

/**
 * What a read shows until it has something to show, the same everywhere: `Loading` while it loads,
 * `LoadFailed` when it failed, `Empty` when there is nothing; then `children` with the data.
 */
export function QueryStates<T>({
  query,
  loading,
  loadingRows,
  failed,
  retry,
  empty,
  isEmpty = noData,
  placeholderClassName = 'h-20',
  spacing = 'mt-4',
  children,
}: QueryStatesProps<T>) {
  if (query.isPending)
    return (
      <Loading
        label={loading}
        rows={loadingRows}
        className={cn(spacing, loadingRows === undefined && placeholderClassName)}
      />
    );
  if (query.isError) return <LoadFailed read={query} failed={failed} retry={retry} className={spacing} />;
  const data = query.data as T;
  if (empty !== undefined && isEmpty(data))
    return isValidElement(empty) && empty.type === Empty ? empty : <Empty className={spacing}>{empty}</Empty>;
  return <>{children(data as NonNullable<T>)}</>;
}

/** A section's anchor, icon, heading and intro. */
export interface SectionHeading {
  id: string;
  icon?: LucideIcon;
  title: ReactNode;
  intro?: ReactNode;
}

interface SectionProps extends SectionHeading {
  /** The heading takes focus from a link that leads here (the watchlist after a change). */
  headingRef?: Ref<HTMLHeadingElement>;
  actions?: ReactNode;
}

/**
 * A dashboard section: an anchored card with its heading (an icon, when it has one, and the title)
 * and a line saying what it is for. `busy` marks it aria-busy while its data loads. An address that
 * names it (`#id` or `#id-title`) brings it forward. One shell for every section of the
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
}: SectionProps & { busy?: boolean; children: ReactNode }) {
  const target = useHashTarget<HTMLElement>(id, `${id}-title`);
  return (
    <section
      id={id}
      ref={target.ref}
      tabIndex={target.targeted ? -1 : undefined}
      aria-labelledby={`${id}-title`}
      aria-busy={busy}
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm focus:outline-none"
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
 * What a section that reads a query says, written once per section in its feature's table of
 * sections: its anchor and icon, its heading and intro, and its read's loading, failure and empty
 * texts.
 */
export interface SectionSpec extends SectionHeading {
  loading: string;
  failed: string;
  retry?: string;
  empty?: ReactNode;
  placeholderClassName?: string;
}

/**
 * A section that reads a query: a `DashboardSection`, busy while the read loads, whose body is
 * the read's `QueryStates`, both worded by its `section`. `lead` stands between the intro and the
 * states (a notice), `trail` after them (a form that adds to the list).
 */
export function QuerySection<T>({
  section: { id, icon, title, intro, ...texts },
  headingRef,
  actions,
  lead,
  trail,
  ...states
}: Pick<SectionProps, 'headingRef' | 'actions'> &
  Omit<QueryStatesProps<T>, 'loading' | 'failed'> & {
    section: SectionSpec;
    lead?: ReactNode;
    trail?: ReactNode;
  }) {
  return (
    <DashboardSection
      id={id}
      icon={icon}
      title={title}
      intro={intro}
      headingRef={headingRef}
      actions={actions}
      busy={states.query.isPending}
    >
      {lead}
      <QueryStates {...texts} {...states} />
      {trail}
    </DashboardSection>
  );
}
